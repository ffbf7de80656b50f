import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Secrets the instances generate once and share through the database, e.g. the JWT signing key
 * when JWT_SECRET is unset: the first instance to start inserts it, every other one reads it.
 */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  // base64url of random bytes
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
