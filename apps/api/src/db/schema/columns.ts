import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column helpers shared by the schema files. Not re-exported from index.ts: they hold no tables.
 */

/** Case-insensitive text (extension citext, created by the first migration). */
export const citext = customType<{ data: string }>({
  dataType: () => 'citext',
});

/** Binary data. pg returns a Buffer, PGlite a Uint8Array; both are Uint8Arrays. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** `uuid id primary key default gen_random_uuid()`. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** `timestamp with time zone`, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * created/updated at and by. The "by" columns are plain person ids without a foreign key:
 * deleting a person must not touch or block the audit columns of every table.
 */
export const auditColumns = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});
