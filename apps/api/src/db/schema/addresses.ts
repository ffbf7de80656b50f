import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { storedFiles } from './files';
// @dpdm-ignore: persons and addresses reference each other (an address's person, a person's
// primary address, e-mail, phone and URL), as the tables do; drizzle resolves references lazily.
import { persons } from './persons';

/** A person's address (contact entry), private or business, with its e-mails, phones and URLs. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references((): AnyPgColumn => persons.id, { onDelete: 'cascade' }),
    addressType: smallint('address_type').notNull().default(0),
    label: text('label').notNull(),
    salutation: smallint('salutation'),
    title: smallint('title'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    company: text('company'),
    companySector: text('company_sector'),
    companyRole: text('company_role'),
    mainCompetence: text('main_competence'),
    // Competence topics (0..190), filtered with && (overlap).
    competences: smallint('competences')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    competenceLogoId: uuid('competence_logo_id').references((): AnyPgColumn => storedFiles.id, {
      onDelete: 'set null',
    }),
    address1: text('address1'),
    address2: text('address2'),
    street: text('street'),
    city: text('city'),
    zip: text('zip'),
    county: text('county'),
    state: text('state'),
    countryCode: text('country_code').notNull().default('CH'),
  },
  (t) => [
    index('addresses_person_idx').on(t.personId),
    index('addresses_zip_idx').on(t.zip),
    index('addresses_city_idx').on(t.city),
    // The list's City, Zip, Company and Street filters find word beginnings in
    // person_address_prefixes (migration 0038, which dropped their trigram indexes).
    index('addresses_competences_idx').using('gin', t.competences),
    index('addresses_competence_logo_idx')
      .on(t.competenceLogoId)
      .where(sql`${t.competenceLogoId} is not null`),
  ],
);

// person_id is denormalised on e-mails, phones and URLs: the person's primary-item references
// and the list's primary email/phone columns reach them without going through addresses, and
// a search on e-mail values finds the person directly. The service keeps it equal to the
// address's person_id.

/**
 * value is text, not citext: a trigram index on a citext column is never used by citext's own
 * ILIKE, and ILIKE on text is case-insensitive anyway.
 */
export const addressEmails = pgTable(
  'address_emails',
  {
    id: id(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references((): AnyPgColumn => persons.id, { onDelete: 'cascade' }),
    label: text('label'),
    value: text('value').notNull(),
  },
  (t) => [
    index('address_emails_address_idx').on(t.addressId),
    index('address_emails_person_idx').on(t.personId),
    index('address_emails_value_trgm_idx').using('gin', sql`${t.value} gin_trgm_ops`),
    // The import's match by e-mail (case-insensitive equality, migration 0039): a lookup at any size.
    index('address_emails_value_lower_idx').on(sql`lower(${t.value})`),
  ],
);

export const addressPhones = pgTable(
  'address_phones',
  {
    id: id(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references((): AnyPgColumn => persons.id, { onDelete: 'cascade' }),
    phoneType: smallint('phone_type').notNull().default(0),
    label: text('label'),
    value: text('value').notNull(),
  },
  (t) => [index('address_phones_address_idx').on(t.addressId), index('address_phones_person_idx').on(t.personId)],
);

export const addressUrls = pgTable(
  'address_urls',
  {
    id: id(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references((): AnyPgColumn => persons.id, { onDelete: 'cascade' }),
    urlType: smallint('url_type').notNull().default(0),
    label: text('label'),
    value: text('value').notNull(),
  },
  (t) => [index('address_urls_address_idx').on(t.addressId), index('address_urls_person_idx').on(t.personId)],
);
