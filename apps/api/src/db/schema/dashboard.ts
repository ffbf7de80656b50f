import { date, integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The dashboard's membership development over all clubs, one row per counted day (a quarter's
 * last day, or today), kept by the membership-development jobs (issue 24: counted live, the
 * all-clubs figures took 6 s at a million persons). Freshness: docs/decisions/dashboard-at-scale.md.
 */
export const membershipDevelopmentTotals = pgTable('membership_development_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  interested: integer('interested').notNull(),
  single: integer('single').notNull(),
  young: integer('young').notNull(),
  computedAt: timestamptz('computed_at').notNull(),
});
