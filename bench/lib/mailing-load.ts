import { runBenchScript } from './bench-script';
import type { Summary } from './percentiles';

/** The mailing scenario's figures (issue 18), as bench/mailing.ts prints them (medians of the rounds). */
export type MailingResult = {
  database: string;
  recipients: number;
  ratePerMinute: number;
  seedSeconds: number;
  queueSeconds: number;
  listAloneP95: number;
  listWhileSendingP95: number;
  p95Change: number;
  rateCheckPlan: string | undefined;
  rounds: {
    queueSeconds: number;
    listAloneBefore: Summary;
    listWhileSending: Summary;
    listAloneAfter: Summary;
    p95Change: number;
  }[];
};

/**
 * Runs bench/mailing.ts in its own process (its own fresh database beside DATABASE_URL, or
 * PGlite, and its own API process): a mailing to `recipients` members queued, and the person
 * list's p95 while it sends against the list alone, `rounds` times.
 */
export function measureMailing(options: { databaseUrl: string | undefined; recipients: number; rounds: number }) {
  return runBenchScript<MailingResult>(
    'mailing.ts',
    ['--recipients', String(options.recipients), '--rounds', String(options.rounds)],
    options.databaseUrl,
  );
}
