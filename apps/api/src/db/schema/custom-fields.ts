import { boolean, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { events } from './events';

/** type: string 1, date 2, email 3, number 4, boolean 5, option 6. Modes: hidden 1, optional 2, required 3. */
export const eventCustomFields = pgTable(
  'event_custom_fields',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    modeMember: smallint('mode_member').notNull(),
    modeGuest: smallint('mode_guest').notNull(),
    showInList: boolean('show_in_list').notNull().default(false),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [index('event_custom_fields_event_idx').on(t.eventId, t.sortOrder)],
);

export const eventCustomFieldOptions = pgTable(
  'event_custom_field_options',
  {
    id: id(),
    eventCustomFieldId: uuid('event_custom_field_id')
      .notNull()
      .references(() => eventCustomFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    // Keeps the options in the order they were entered (ids are random).
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [index('event_custom_field_options_field_idx').on(t.eventCustomFieldId, t.sortOrder)],
);
