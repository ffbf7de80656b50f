import { boolean, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The Name search's index (issue 20, docs/decisions/person-search.md): every beginning of 3 to 5
 * letters of every folded word of a person's search text, with the list's default sort keys.
 * The key is the search: one prefix is one range in the list's default order (first name, last
 * name, id), so page 1 of a search reads about PerPage rows however many persons match. Kept by
 * triggers on persons in the writing transaction (migration 0017); no foreign key, the delete
 * trigger removes a person's rows by their exact keys.
 */
export const personSearchPrefixes = pgTable(
  'person_search_prefixes',
  {
    prefix: text('prefix').notNull(),
    firstnameMissing: boolean('firstname_missing').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'person_search_prefixes_pk',
      columns: [t.prefix, t.firstnameMissing, t.firstname, t.lastname, t.personId],
    }),
  ],
);
