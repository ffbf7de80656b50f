import { index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { persons } from './persons';

/**
 * Issue 25 (docs/decisions/self-service.md): each change of a person's advertising consent,
 * profile visibility and acceptance of the terms, written in the transaction of the change.
 * `value`/`previous_value`: the advertising number (0, 10, 20), or 0/1 for the two yes/no
 * subjects. `channel`: self, manager, import or application. The entries go with the person
 * (cascade); the actor's id is kept plain, as the audit columns do, so a deleted actor blocks nothing.
 */
export const consentLog = pgTable(
  'consent_log',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    value: smallint('value').notNull(),
    previousValue: smallint('previous_value'),
    channel: text('channel').notNull(),
    actorPersonId: uuid('actor_person_id'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('consent_log_person_idx').on(t.personId, t.at, t.id)],
);
