import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citext, id, timestamptz } from './columns';
import { eventCustomFields } from './custom-fields';
import { events } from './events';
import { persons } from './persons';

/**
 * A registration for an event; person_id null means a guest.
 * State: Pending 10, Confirmed 30, Unregistered 50. Payment state: Unavailable 0 .. Failed 30;
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
  },
  (t) => [
    index('event_registrations_event_state_idx').on(t.eventId, t.eventRegistrationState, t.registeredAt),
    index('event_registrations_person_idx').on(t.personId),
    // The expiry job's scan of Pending registrations.
    index('event_registrations_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.eventRegistrationState} = 10`),
    // One active (Pending or Confirmed) registration per e-mail and event ...
    uniqueIndex('event_registrations_active_email_uq')
      .on(t.eventId, t.email)
      .where(sql`${t.eventRegistrationState} in (10, 30)`),
    // ... and per member and event.
    uniqueIndex('event_registrations_active_person_uq')
      .on(t.eventId, t.personId)
      .where(sql`${t.personId} is not null and ${t.eventRegistrationState} in (10, 30)`),
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
