import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { id, timestamptz } from './columns';
import { persons } from './persons';

/**
 * Issue 25, leaving and erasure (docs/decisions/erasure.md). A member's request to leave a club,
 * pending until a manager of the club confirms or declines it (then the row is deleted; the
 * audit trail keeps the decision). One pending request per person and club.
 */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    message: text('message'),
    // The day her memberships of the club should end (inclusive).
    wishedEnd: date('wished_end', { mode: 'string' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leave_requests_person_club_uq').on(t.personId, t.clubId),
    // The club's pending list, oldest first: one index range per page.
    index('leave_requests_club_idx').on(t.clubId, t.createdAt, t.id),
  ],
);

/** A person's request to have her account erased, until an admin executes (or declines) it. */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    personId: uuid('person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('erasure_requests_created_idx').on(t.createdAt, t.personId)],
);

/**
 * The persons whose personal data was erased: their row stays as an anonymised placeholder (it
 * keeps memberships and registrations counted), marked here so nothing treats it as a person again.
 */
export const personErasures = pgTable('person_erasures', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  erasedAt: timestamptz('erased_at').notNull(),
});

/** The association's privacy settings: one row (id 1). Retention: none by default. */
export const privacySettings = pgTable(
  'privacy_settings',
  {
    id: smallint('id').primaryKey().default(1),
    // Months without an active membership and without a sign-in after which a person is listed
    // for anonymisation; null: no retention period.
    retentionMonths: integer('retention_months'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [check('privacy_settings_single_ck', sql`${t.id} = 1`)],
);
