import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, id, timestamptz } from './columns';

/**
 * An uploaded image (checked by content). The bytes live in stored_file_variants so that
 * reading file metadata never loads the blobs.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    kind: text('kind').notNull(),
    mimeType: text('mime_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'stored_files_kind_ck',
      sql`${t.kind} in ('avatar', 'competence_logo', 'event_image', 'invoice_pdf', 'reminder_pdf', 'print_batch', 'mailing_attachment')`,
    ),
  ],
);

/** Variants of a file: 'orig', 's', 'm', 'l' (avatars, logos), 'small', 'large' (event images). */
export const storedFileVariants = pgTable(
  'stored_file_variants',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    mimeType: text('mime_type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.variant] })],
);
