import type { MailingAudience, MailingText } from '@bpw/domain/schemas/mailing';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { citext, id, timestamptz } from './columns';
import { events } from './events';
import { storedFiles } from './files';
import { persons } from './persons';

/**
 * Issue 18 (docs/decisions/mailings.md): mailing lists of a club (`club_id`) or of the
 * association (null). Open lists: members subscribe and leave themselves; closed: managers add.
 */
export const mailingLists = pgTable(
  'mailing_lists',
  {
    id: id(),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isOpen: boolean('is_open').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mailing_lists_club_name_idx').on(t.clubId, t.name, t.id),
    index('mailing_lists_name_idx').on(t.name, t.id),
  ],
);

/** Who is on a list; leaving (or the one-click unsubscribe) deletes the row. */
export const mailingListSubscriptions = pgTable(
  'mailing_list_subscriptions',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.personId] }),
    index('mailing_list_subscriptions_person_idx').on(t.personId),
  ],
);

export const mailings = pgTable(
  'mailings',
  {
    id: id(),
    // The club it is sent for (its archive); null: the association.
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    audienceKind: text('audience_kind').$type<MailingAudience['kind']>().notNull(),
    audience: jsonb('audience').$type<MailingAudience>().notNull(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    mailingListId: uuid('mailing_list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
    isAdvertising: boolean('is_advertising').notNull().default(false),
    texts: jsonb('texts').$type<MailingText[]>().notNull(),
    // draft -> queued (the send job resolves recipients) -> sending -> sent | cancelled
    state: text('state').notNull().default('draft'),
    recipientTotal: integer('recipient_total'),
    withoutConsent: integer('without_consent'),
    withoutEmail: integer('without_email'),
    jobId: uuid('job_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    sendRequestedAt: timestamptz('send_requested_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    // The archive of a club, newest first (GET mailing), and the feeder's sending mailings.
    index('mailings_club_created_idx').on(t.clubId, t.createdAt.desc(), t.id),
    index('mailings_sending_idx')
      .on(t.sendRequestedAt)
      .where(sql`${t.state} = 'sending'`),
    index('mailings_event_idx').on(t.eventId),
    index('mailings_list_idx').on(t.mailingListId),
  ],
);

/** A mailing's files; the bytes are a stored file (kind mailing_attachment, variant orig). */
export const mailingAttachments = pgTable(
  'mailing_attachments',
  {
    id: id(),
    mailingId: uuid('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('mailing_attachments_mailing_idx').on(t.mailingId, t.createdAt)],
);

/**
 * Who a mailing goes to, resolved once at send (one INSERT ... SELECT), with what the
 * placeholders need. One row per address: nobody gets a mailing twice. state: queued -> handed
 * (written to the mail outbox, `outbox_id`) -> sent | failed; skipped (no consent); cancelled.
 */
export const mailingRecipients = pgTable(
  'mailing_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mailingId: uuid('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    // Erasing a person erases her rows too (her address is personal data).
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id'),
    address: citext('address').notNull(),
    language: text('language').notNull(),
    salutation: smallint('salutation'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    clubName: text('club_name'),
    state: text('state').notNull().default('queued'),
    error: text('error'),
    handedAt: timestamptz('handed_at'),
    sentAt: timestamptz('sent_at'),
    outboxId: uuid('outbox_id'),
  },
  (t) => [
    // On lower(address) rather than the citext itself: the send's INSERT of 100,000 rows checks
    // this index for each, and citext's comparison lowercases both sides at every step of the
    // descent; with lower() the key is lowercased once (the INSERT took 4.2 s, now 2.7 s;
    // docs/performance.md "Mailings"). The send's ON CONFLICT names the same expression.
    uniqueIndex('mailing_recipients_address_uq').on(t.mailingId, sql`lower(${t.address}::text)`),
    index('mailing_recipients_state_idx').on(t.mailingId, t.state, t.id),
    index('mailing_recipients_order_idx').on(t.mailingId, t.id),
    // The feeder's rate: how many were handed to the outbox in the last minute, over all mailings.
    index('mailing_recipients_handed_idx')
      .on(t.handedAt)
      .where(sql`${t.handedAt} is not null`),
    index('mailing_recipients_person_idx')
      .on(t.personId)
      .where(sql`${t.personId} is not null`),
  ],
);
