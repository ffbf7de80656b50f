import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { id, timestamptz } from './columns';
import { events } from './events';
import { persons } from './persons';

/** In-app and e-mail notifications (channel: email 1, web app 2). content is HTML. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    notificationType: smallint('notification_type').notNull(),
    channel: smallint('channel').notNull(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    // Whom a notice to managers or admins names (issue 25: her application, leave or erasure
    // request): her person id, or an application's id until it is accepted. No foreign key: an
    // erasure deletes these notices by this column (docs/decisions/erasure.md).
    aboutId: uuid('about_id'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_inbox_idx').on(t.personId, t.channel, t.isRead, t.createdAt.desc()),
    index('notifications_event_idx')
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
    index('notifications_about_idx')
      .on(t.aboutId)
      .where(sql`${t.aboutId} is not null`),
  ],
);

/** club_id is null for the registration-related types, which are not bound to a club. */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    // Cascade: a subscription is the person's preference and must not block deleting a club.
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    notificationType: smallint('notification_type').notNull(),
    isApplicationEnabled: boolean('is_application_enabled').notNull().default(true),
    isEmailEnabled: boolean('is_email_enabled').notNull().default(false),
  },
  (t) => [
    unique('notification_subscriptions_person_club_type_uq')
      .on(t.personId, t.clubId, t.notificationType)
      .nullsNotDistinct(),
    // Fan-out: who subscribed to this type in this club.
    index('notification_subscriptions_club_type_idx').on(t.clubId, t.notificationType),
  ],
);
