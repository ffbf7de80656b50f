import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { citext, id, timestamptz } from './columns';
import { clubs } from './clubs';

/** A question of an application form, stored with the form (custom-field types and option rules). */
export type StoredApplicationQuestion = {
  id: string;
  eventCustomFieldType: number;
  title: string;
  mode: number;
  eventCustomFieldOptions: { id: string; value: string }[];
};
/** An answer kept with the question's title as it was asked (the form may change meanwhile). */
export type StoredApplicationAnswer = { questionId: string; title: string; value: string };
/** A decision before the acceptance (asking for information), copied to her audit trail on accepting. */
export type StoredApplicationDecision = { at: string; by: string; kind: 'informationRequested' };

/**
 * Issue 25: a club's application form; club_id null is the association's ("no club yet").
 * One form per club (nulls not distinct: one association form).
 */
export const applicationForms = pgTable(
  'application_forms',
  {
    id: id(),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    isPublished: boolean('is_published').notNull().default(false),
    intro: jsonb('intro').$type<Record<'de' | 'fr' | 'it' | 'en', string>>().notNull(),
    membershipTypes: jsonb('membership_types').$type<number[]>().notNull(),
    questions: jsonb('questions').$type<StoredApplicationQuestion[]>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [unique('application_forms_club_uq').on(t.clubId).nullsNotDistinct()],
);

/**
 * An application for membership, the only row an application stores until a manager accepts it
 * (then it becomes a person and is deleted; a rejection deletes it too). State: unconfirmed 0
 * (expires_at set), pending 1, information requested 2. Only the link key's hash is stored.
 */
export const membershipApplications = pgTable(
  'membership_applications',
  {
    id: id(),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull().default(0),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    languageCode: text('language_code').notNull(),
    street: text('street').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code'),
    email: citext('email').notNull(),
    phone: text('phone'),
    membershipType: smallint('membership_type').notNull(),
    advertising: smallint('advertising').notNull().default(0),
    answers: jsonb('answers').$type<StoredApplicationAnswer[]>().notNull(),
    decisions: jsonb('decisions').$type<StoredApplicationDecision[]>().notNull(),
    keyHash: text('key_hash').notNull().unique('membership_applications_key_hash_uq'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at'),
    confirmedAt: timestamptz('confirmed_at'),
    linkMailedAt: timestamptz('link_mailed_at').notNull(),
    // The outbox rows of her confirmation mails: an expired application deletes them too.
    mailIds: uuid('mail_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    // The pending list of a club (or of the association: club_id is null), oldest first.
    index('membership_applications_club_state_idx').on(t.clubId, t.state, t.confirmedAt, t.id),
    // One open application per address and club: a repeated one finds the first.
    index('membership_applications_club_email_idx').on(t.clubId, t.email),
    // The expiry job.
    index('membership_applications_expires_idx').on(t.expiresAt),
  ],
);
