import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { PersonListReader } from '../features/persons/person-list-reader';
import type { AccessTokens } from './auth/access-tokens';
import type { JobRunner } from './jobs/job-runner';
import type { PurposeTokens } from './auth/purpose-tokens';
import type { OutboxWorker } from './mail/outbox';
import type { Realtime } from './realtime/realtime';
import type { StreamTickets } from './realtime/stream-tickets';

/** What buildApp (app.ts) is given: configuration, database and mail outbox. */
export type AppDeps = {
  config: Config;
  database: Database;
  outbox: OutboxWorker;
  /** The clock, replaceable in tests. */
  now?: () => Date;
};

/** What every feature's routes and services get: the app's dependencies plus the auth platform. */
export type FeatureDeps = AppDeps & {
  db: Db;
  now: () => Date;
  accessTokens: AccessTokens;
  /** Signed tokens of one sign-in step: second-factor tickets, passkey challenges. */
  purposeTokens: PurposeTokens;
  /** Live notifications to open streams (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite). */
  realtime: Realtime;
  streamTickets: StreamTickets;
  /** GET person's read path and its caches, one per app (the dashboard's birthday total too). */
  personListReader: PersonListReader;
  /** Long work as jobs in the database (platform/jobs); a service kicks it after queueing one. */
  jobs: JobRunner;
};
