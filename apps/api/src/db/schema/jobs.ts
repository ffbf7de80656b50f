import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { persons } from './persons';

/**
 * Long work run on the server (platform/jobs, docs/decisions/jobs.md): claimed with a lease
 * (FOR UPDATE SKIP LOCKED), resumed from `cursor` after a crash. A unit of work and the
 * cursor that moves past it are written in one transaction, so no unit is done twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    ownerPersonId: uuid('owner_person_id').references(() => persons.id, { onDelete: 'set null' }),
    // queued -> running (leased) -> done | failed | cancelled; a running job whose lease ended is claimed again.
    state: text('state').$type<JobState>().notNull().default('queued'),
    params: jsonb('params')
      .notNull()
      .default(sql`'{}'::jsonb`),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    cursor: jsonb('cursor'),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    // A fresh token per claim: a worker whose lease was taken over can no longer advance the job.
    leaseToken: uuid('lease_token'),
    leaseUntil: timestamptz('lease_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_claimable_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_owner_idx').on(t.ownerPersonId, t.createdAt),
  ],
);

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
