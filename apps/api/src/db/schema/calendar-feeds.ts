import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { persons } from './persons';

/**
 * A person's secret calendar feed (issue 19, docs/decisions/calendar-feed.md): only the SHA-256
 * hash of the random key in her feed address is kept; renewing replaces it, so the old address
 * stops at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique('calendar_feeds_key_hash_uq'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
