import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id } from './columns';
// @dpdm-ignore: persons and clubs reference each other (a person's primary club, a relation's
// person), as the tables do; drizzle resolves references lazily.
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
    // The person's name and state, copied by triggers (migration 0012): the club page pages,
    // sorts and counts a club's relations on one index range, without joining persons
    // (docs/decisions/club-page.md). Lastname, chr(1) and firstname (chr(2) when none), so the
    // order is the person list's: lastname, then firstname with the empty ones last.
    personSortName: text('person_sort_name').notNull().default(''),
    personState: smallint('person_state').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    index('club_relations_club_type_dates_idx').on(t.clubId, t.type, t.from, t.to),
    // GET club/{id}/person (the club page): one index per group (members: types below 100;
    // roles: the others) and sort, keyed by club, sort key and id, the dates and person state
    // last so the active and archived filters and the total are index-only.
    index('club_relations_members_name_idx')
      .on(t.clubId, t.personSortName, t.id, t.from, t.to, t.personState)
      .where(sql`${t.type} < 100`),
    index('club_relations_members_from_idx')
      .on(t.clubId, t.from, t.id, t.to, t.personState)
      .where(sql`${t.type} < 100`),
    index('club_relations_roles_name_idx')
      .on(t.clubId, t.personSortName, t.id, t.from, t.to, t.personState)
      .where(sql`${t.type} >= 100`),
    index('club_relations_roles_from_idx')
      .on(t.clubId, t.from, t.id, t.to, t.personState)
      .where(sql`${t.type} >= 100`),
    // Covers the person list's relation filters (type, club, dates of one person's relations),
    // so each check is an index-only probe.
    index('club_relations_person_idx').on(t.personId, t.type, t.clubId, t.from, t.to),
    check('club_relations_dates_ck', sql`${t.to} is null or ${t.to} >= ${t.from}`),
  ],
);
