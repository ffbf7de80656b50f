import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, id, timestamptz } from './columns';
import { jobs } from './jobs';
import { persons } from './persons';

/**
 * An uploaded spreadsheet to import (issue 16, docs/decisions/import.md). The bytes live in the
 * database so that any instance can run or resume the job after a restart.
 */
export const importUploads = pgTable(
  'import_uploads',
  {
    id: id(),
    ownerPersonId: uuid('owner_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    // 'csv' | 'xlsx'
    format: text('format').notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    headers: jsonb('headers').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    content: bytea('content').notNull(),
    // The mapping the run used: column index -> field key.
    mapping: jsonb('mapping').$type<Record<string, string>>(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('import_uploads_owner_idx').on(t.ownerPersonId, t.createdAt)],
);

/** The outcome of each row of a run: written in the row's own transaction (exactly once). */
export const importRowResults = pgTable(
  'import_row_results',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => importUploads.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    // 'created' | 'updated' | 'unchanged' | 'refused'
    outcome: text('outcome').notNull(),
    reasons: jsonb('reasons').$type<{ key: string; params?: Record<string, string | number> }[]>(),
    personId: uuid('person_id'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowNumber] })],
);

/** A saved column mapping, found again by the file's header names (one per person and header list). */
export const importMappings = pgTable(
  'import_mappings',
  {
    ownerPersonId: uuid('owner_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    headerKey: text('header_key').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerPersonId, t.headerKey] })],
);
