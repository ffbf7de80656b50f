import { boolean, index, pgTable, smallint, unique, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { id } from './columns';
import { events } from './events';

/** An event offered to another club. State: Invited 10, Confirmed 20, Rejected 30. */
export const eventPublications = pgTable(
  'event_publications',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    eventPublicationState: smallint('event_publication_state').notNull().default(10),
    isLocked: boolean('is_locked').notNull().default(false),
  },
  (t) => [
    unique('event_publications_event_club_uq').on(t.eventId, t.clubId),
    index('event_publications_club_idx').on(t.clubId),
  ],
);
