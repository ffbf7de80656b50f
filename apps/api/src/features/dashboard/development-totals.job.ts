import type { Db } from '../../db/client';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { developmentBucketDays } from './development-buckets';
import { findStoredTotals, refreshStoredTotals } from './development-totals.queries';

/** As many quarters as GET membership-development may ask for. */
export const MAX_DEVELOPMENT_BUCKETS = 40;

export const developmentTodayJobName = 'membership-development-today';
export const developmentHistoryJobName = 'membership-development-history';

const pastQuarterDays = (today: string) =>
  developmentBucketDays(today, MAX_DEVELOPMENT_BUCKETS)
    .map((bucket) => bucket.day)
    .filter((day) => day !== today);

/**
 * The dashboard's all-clubs figures (issue 24). Every ten minutes (and once at start,
 * main.ts): today's, and any past quarter's not yet counted (a new installation). Each night:
 * every past quarter again, for relations whose dates were changed afterwards.
 */
export function createDevelopmentTotalsJobs(deps: {
  db: Db;
  config: { longStatementTimeoutMs: number };
}): ScheduledJob[] {
  const statementTimeoutMs = deps.config.longStatementTimeoutMs;
  return [
    {
      name: developmentTodayJobName,
      schedule: '*/10 * * * *',
      run: async ({ now }) => {
        const today = isoDateInSwitzerland(now);
        const past = pastQuarterDays(today);
        const stored = new Set((await findStoredTotals(deps.db, { days: past })).map((row) => row.day));
        const days = [today, ...past.filter((day) => !stored.has(day))];
        await refreshStoredTotals(deps.db, { days, now, statementTimeoutMs });
        return { days: days.length };
      },
    },
    {
      name: developmentHistoryJobName,
      schedule: '23 2 * * *',
      run: async ({ now, signal }) => {
        let days = 0;
        for (const day of pastQuarterDays(isoDateInSwitzerland(now))) {
          if (signal.aborted) break;
          await refreshStoredTotals(deps.db, { days: [day], now, statementTimeoutMs });
          days++;
        }
        return { days };
      },
    },
  ];
}
