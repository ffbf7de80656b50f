import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';

/**
 * Who changed what. actor_person_id, entity_id and subject_person_id carry no foreign keys: the
 * log outlives the persons and rows it describes. details never holds personal data beyond ids.
 * subject_person_id is the person an entry is about (her own entries and her club relations'),
 * so a person's trail is one indexed lookup even after the relation itself is gone.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    at: timestamptz('at').notNull().defaultNow(),
    actorPersonId: uuid('actor_person_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    subjectPersonId: uuid('subject_person_id'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_entries_entity_idx').on(t.entity, t.entityId),
    index('audit_entries_subject_idx').on(t.subjectPersonId, t.at),
  ],
);

/**
 * The persons one export included, one row per export batch holding that batch's person ids
 * (docs/decisions/audit-trail.md): an export of a million persons is some 500 rows, and the
 * GIN index answers "which exports included this person" without a row per person and export.
 */
export const auditExportedPersons = pgTable(
  'audit_exported_persons',
  {
    auditEntryId: uuid('audit_entry_id')
      .notNull()
      .references(() => auditEntries.id, { onDelete: 'cascade' }),
    batchNumber: integer('batch_number').notNull(),
    personIds: uuid('person_ids').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.auditEntryId, t.batchNumber] }),
    // New entries wait in a pending list that an insert merges into the index once it is full.
    // At the default 4 MB that merge kept one insert, and with it an export, for up to 0.7 s;
    // at 512 kB the merges are a few tens of ms and cost no more in all.
    index('audit_exported_persons_person_ids_idx').using('gin', t.personIds).with({ gin_pending_list_limit: 512 }),
  ],
);
