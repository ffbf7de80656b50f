import { sql } from 'drizzle-orm';
import { bigint, index, pgSequence, pgTable, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citext, id, timestamptz } from './columns';
import { eventCustomFields } from './custom-fields';
import { events } from './events';
import { persons } from './persons';

/**
 * The order of the waiting lists (issue 19): a registration joining one takes the next number
 * while it holds its event's row lock, so the numbers of an event follow the order of joining.
 */
export const waitingNumberSequence = pgSequence('event_registration_waiting_number');

/**
 * A registration for an event; person_id null means a guest.
 * State: Pending 10, Waiting 20, Confirmed 30, Unregistered 50. Payment state: Unavailable 0 .. Failed 30;
 * payment status: Unpaid 10, Paid 20.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    // Set null: deleting a person keeps the event's registration (and head count) as a guest one.
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'set null' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    address1: text('address1'),
    address2: text('address2'),
    street: text('street'),
    city: text('city'),
    zip: text('zip'),
    county: text('county'),
    state: text('state'),
    countryCode: text('country_code'),
    email: citext('email').notNull(),
    remarks: text('remarks'),
    unregistrationRemarks: text('unregistration_remarks'),
    paymentState: smallint('payment_state').notNull().default(0),
    paymentStatus: smallint('payment_status').notNull().default(10),
    eventRegistrationState: smallint('event_registration_state').notNull().default(10),
    registeredAt: timestamptz('registered_at').notNull().defaultNow(),
    unregisteredAt: timestamptz('unregistered_at'),
    // A Pending registration takes no slot from this instant on and can no longer be confirmed
    // (issue 15); null for the other states.
    expiresAt: timestamptz('expires_at'),
    // When the links were last mailed again for a repeated registration (rate limit, issue 15).
    linksResentAt: timestamptz('links_resent_at'),
    // The registrant's mail language: a member's correspondence language, a guest's request language.
    languageCode: text('language_code').notNull().default('de'),
    // Hash (hex SHA-256) of the random key in the public confirm/unregister link.
    linkKeyHash: text('link_key_hash').notNull().unique('event_registrations_link_key_hash_uq'),
    // Place in the event's waiting list (issue 19): lower comes first; kept after moving up.
    waitingNumber: bigint('waiting_number', { mode: 'number' }),
    // When she moved up from the waiting list (her time to confirm is expires_at).
    movedUpAt: timestamptz('moved_up_at'),
  },
  (t) => [
    index('event_registrations_event_state_idx').on(t.eventId, t.eventRegistrationState, t.registeredAt),
    index('event_registrations_person_idx').on(t.personId),
    // The expiry job's scan of Pending registrations.
    index('event_registrations_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.eventRegistrationState} = 10`),
    // One active (Pending, Waiting or Confirmed) registration per e-mail and event ...
    uniqueIndex('event_registrations_current_email_uq')
      .on(t.eventId, t.email)
      .where(sql`${t.eventRegistrationState} in (10, 20, 30)`),
    // ... and per member and event.
    uniqueIndex('event_registrations_current_person_uq')
      .on(t.eventId, t.personId)
      .where(sql`${t.personId} is not null and ${t.eventRegistrationState} in (10, 20, 30)`),
    // The waiting list in its order (issue 19).
    index('event_registrations_waiting_idx')
      .on(t.eventId, t.waitingNumber)
      .where(sql`${t.eventRegistrationState} = 20`),
  ],
);

export const eventCustomFieldValues = pgTable(
  'event_custom_field_values',
  {
    id: id(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    eventCustomFieldId: uuid('event_custom_field_id')
      .notNull()
      .references(() => eventCustomFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [
    unique('event_custom_field_values_registration_field_uq').on(t.registrationId, t.eventCustomFieldId),
    index('event_custom_field_values_field_idx').on(t.eventCustomFieldId),
  ],
);
