import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * One row per executed job run. Inserting (job, run_key) first, e.g. ('booked-events-reminder',
 * '<event id>'), makes each reminder run exactly once even with several instances.
 */
export const schedulerRuns = pgTable(
  'scheduler_runs',
  {
    job: text('job').notNull(),
    runKey: text('run_key').notNull(),
    ranAt: timestamptz('ran_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.runKey] })],
);
