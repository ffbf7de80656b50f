import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The per-address request counters of the rate limits (platform/auth/rate-limit-store.ts), in
 * the database so that they hold across instances. `key` is the route's limit name and a hash of
 * the client address, never the address itself. Rows whose window has ended are stale: the next
 * hit on the key restarts them, and the store deletes them in passing.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamptz('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
);
