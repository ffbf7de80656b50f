import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { auditColumns, id, timestamptz } from './columns';
import { storedFiles } from './files';

export const eventCategories = pgTable('event_categories', {
  id: id(),
  title: text('title').notNull(),
});

/**
 * registration_slots: null = no registration, 0 = unlimited, > 0 = limited.
 * state is the canton/region of the address, event_state the lifecycle (Planning 10 ... Archived 40).
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    eventState: smallint('event_state').notNull().default(10),
    eventFrom: timestamptz('event_from').notNull(),
    eventTo: timestamptz('event_to'),
    registrationSlots: integer('registration_slots'),
    registrationTo: timestamptz('registration_to'),
    unregistrationTo: timestamptz('unregistration_to'),
    externalRegistrationUrl: text('external_registration_url'),
    contactDetails: text('contact_details'),
    isRegistrationListPublic: boolean('is_registration_list_public').notNull().default(false),
    // Hours a Pending registration has to be confirmed before its slot comes free (issue 15).
    registrationConfirmHours: integer('registration_confirm_hours').notNull().default(48),
    // Waiting list of a limited event (issue 19, docs/decisions/waiting-list.md): whether a
    // registration to a full event joins it, whether staff closed it to newcomers, and the hours
    // someone moved up has to confirm her place.
    hasWaitingList: boolean('has_waiting_list').notNull().default(false),
    isWaitingListClosed: boolean('is_waiting_list_closed').notNull().default(false),
    waitingListConfirmHours: integer('waiting_list_confirm_hours').notNull().default(48),
    location: text('location').notNull(),
    address1: text('address1'),
    address2: text('address2'),
    street: text('street').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    county: text('county'),
    state: text('state'),
    countryCode: text('country_code').notNull().default('CH'),
    teaserText: text('teaser_text').notNull(),
    description: text('description'),
    cost: text('cost'),
    defaultLanguageCode: text('default_language_code').notNull().default('de'),
    geoCodingStatus: smallint('geo_coding_status').notNull().default(0),
    lat: doublePrecision('lat'),
    long: doublePrecision('long'),
    responsibleClubId: uuid('responsible_club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    eventImageId: uuid('event_image_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    ...auditColumns(),
  },
  (t) => [
    index('events_dates_idx').on(t.eventFrom, t.eventTo),
    // DateFrom keeps the events that end on or after it (events-filters.ts): without this index
    // the planner guessed thousands of rows and compiled the public list with JIT (300 ms).
    index('events_ends_idx').on(sql`coalesce(${t.eventTo}, ${t.eventFrom})`),
    index('events_responsible_club_idx').on(t.responsibleClubId),
    index('events_state_idx').on(t.eventState),
    index('events_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    check('events_slots_ck', sql`${t.registrationSlots} is null or ${t.registrationSlots} >= 0`),
    check('events_confirm_hours_ck', sql`${t.registrationConfirmHours} >= 1 and ${t.registrationConfirmHours} <= 720`),
    check(
      'events_waiting_list_confirm_hours_ck',
      sql`${t.waitingListConfirmHours} >= 1 and ${t.waitingListConfirmHours} <= 720`,
    ),
    check('events_dates_ck', sql`${t.eventTo} is null or ${t.eventTo} >= ${t.eventFrom}`),
  ],
);

export const eventCategoryLinks = pgTable(
  'event_category_links',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    // Restrict: a category that still has events cannot be deleted.
    eventCategoryId: uuid('event_category_id')
      .notNull()
      .references(() => eventCategories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.eventCategoryId] }),
    index('event_category_links_category_idx').on(t.eventCategoryId, t.eventId),
  ],
);
