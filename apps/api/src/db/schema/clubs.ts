import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id } from './columns';
import { persons } from './persons';

export const clubs = pgTable('clubs', {
  id: id(),
  name: text('name').notNull(),
  clubType: smallint('club_type').notNull(),
  state: smallint('state').notNull().default(0),
});

/**
 * A person's role in a club (membership type 0..500) for a date range; to null is open-ended.
 * The SQL columns are from_date/to_date because FROM and TO are reserved words.
 */
export const clubRelations = pgTable(
  'club_relations',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    type: smallint('type').notNull(),
    membershipTypeLabel: text('membership_type_label'),
    from: date('from_date', { mode: 'string' }).notNull(),
    to: date('to_date', { mode: 'string' }),
    ...auditColumns(),
  },
  (t) => [
    index('club_relations_club_type_dates_idx').on(t.clubId, t.type, t.from, t.to),
    // Covers the person list's relation filters (type, club, dates of one person's relations),
    // so each check is an index-only probe.
    index('club_relations_person_idx').on(t.personId, t.type, t.clubId, t.from, t.to),
    check('club_relations_dates_ck', sql`${t.to} is null or ${t.to} >= ${t.from}`),
  ],
);
