import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';

/**
 * Who changed what. actor_person_id and entity_id carry no foreign keys: the log outlives the
 * persons and rows it describes. details never holds personal data beyond ids.
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
    details: jsonb('details'),
  },
  (t) => [index('audit_entries_entity_idx').on(t.entity, t.entityId)],
);
