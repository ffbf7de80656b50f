import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { events } from './events';
import { persons } from './persons';
import { eventRegistrations } from './registrations';

/**
 * Attendance at the door (issue 19, docs/decisions/tickets-check-in.md): at most one row per
 * registration. The earliest check-in wins, also when a device sends one it made offline after
 * another device's later one reached the server.
 */
export const eventCheckIns = pgTable(
  'event_check_ins',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    // When the person was let in (the device's time for a check-in queued offline, never later than its arrival).
    checkedInAt: timestamptz('checked_in_at').notNull(),
    // The manager who checked her in; null once that person is deleted.
    checkedInBy: uuid('checked_in_by').references(() => persons.id, { onDelete: 'set null' }),
    // When the server stored it.
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('event_check_ins_event_idx').on(t.eventId)],
);
