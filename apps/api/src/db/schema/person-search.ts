import { boolean, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

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

/**
 * Which address field a row of person_address_prefixes is of (the list's City, Zip, Company and
 * Street filters; migration 0038 writes the same numbers).
 */
export const ADDRESS_PREFIX_KIND = { city: 0, zip: 1, company: 2, street: 3 } as const;
export type AddressPrefixKind = (typeof ADDRESS_PREFIX_KIND)[keyof typeof ADDRESS_PREFIX_KIND];

/**
 * The address filters' index (issue 24, docs/decisions/address-filters.md): every beginning of 3
 * to 8 letters of every folded word of the city, zip, company and street of a person's addresses
 * (one row per person, kind and prefix, whichever of her addresses has it), with the list's
 * default sort keys as person_search_prefixes has them, so one filter's prefix is one range in
 * the list's default order. Kept by triggers on addresses and persons in the writing transaction.
 */
export const personAddressPrefixes = pgTable(
  'person_address_prefixes',
  {
    kind: smallint('kind').notNull(),
    prefix: text('prefix').notNull(),
    firstnameMissing: boolean('firstname_missing').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'person_address_prefixes_pk',
      columns: [t.kind, t.prefix, t.firstnameMissing, t.firstname, t.lastname, t.personId],
    }),
  ],
);
