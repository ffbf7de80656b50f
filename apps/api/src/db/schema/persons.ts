import type { CompetenceTopic } from '@bpw/domain/enums/competence';
import type { LanguageCode } from '@bpw/domain/enums/language';
import type { Advertising, CourierType, EmploymentType, Salutation, Title } from '@bpw/domain/enums/person-fields';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { addressEmails, addressPhones, addresses, addressUrls } from './addresses';
import { clubs } from './clubs';
import { auditColumns, id } from './columns';
import { storedFiles } from './files';

export const persons = pgTable(
  'persons',
  {
    id: id(),
    salutation: smallint('salutation').$type<Salutation>(),
    title: smallint('title').$type<Title>(),
    firstname: text('firstname'),
    lastname: text('lastname').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    timeZone: text('time_zone').notNull().default('Europe/Zurich'),
    languageCode: text('language_code').$type<LanguageCode>().notNull().default('de'),
    countryCode: text('country_code'),
    isProfilePublic: boolean('is_profile_public').notNull().default(false),
    isPresentationDone: boolean('is_presentation_done').notNull().default(false),
    isCoach: boolean('is_coach').notNull().default(false),
    employmentType: smallint('employment_type').$type<EmploymentType>(),
    bpwCourier: smallint('bpw_courier').$type<CourierType>(),
    advertising: smallint('advertising').$type<Advertising>().notNull().default(0),
    coach1Id: uuid('coach1_id').references((): AnyPgColumn => persons.id, { onDelete: 'set null' }),
    coach2Id: uuid('coach2_id').references((): AnyPgColumn => persons.id, { onDelete: 'set null' }),
    primaryClubId: uuid('primary_club_id').references((): AnyPgColumn => clubs.id, {
      onDelete: 'set null',
    }),
    primaryAddressId: uuid('primary_address_id').references((): AnyPgColumn => addresses.id, {
      onDelete: 'set null',
    }),
    primaryPhoneId: uuid('primary_phone_id').references((): AnyPgColumn => addressPhones.id, {
      onDelete: 'set null',
    }),
    primaryEmailId: uuid('primary_email_id').references((): AnyPgColumn => addressEmails.id, {
      onDelete: 'set null',
    }),
    primaryUrlId: uuid('primary_url_id').references((): AnyPgColumn => addressUrls.id, {
      onDelete: 'set null',
    }),
    avatarId: uuid('avatar_id').references((): AnyPgColumn => storedFiles.id, {
      onDelete: 'set null',
    }),
    state: smallint('state').notNull().default(0),
    // The Name search's text: names, e-mail values and companies, kept by triggers (migration
    // 0006). Its folded words and their beginnings are in person_search_prefixes (migration
    // 0023, docs/decisions/person-search.md).
    searchText: text('search_text').notNull().default(''),
    // The list's sort keys that live in other tables: the primary club's name, the primary
    // e-mail's and phone's values, kept by triggers in the writing transaction (migration
    // 0015), so every sort of GET person is an index range (docs/decisions/person-list-sorts.md).
    sortClub: text('sort_club'),
    sortEmail: text('sort_email'),
    sortPhone: text('sort_phone'),
    ...auditColumns(),
  },
  (t) => [
    index('persons_firstname_trgm_idx').using('gin', sql`${t.firstname} gin_trgm_ops`),
    index('persons_lastname_trgm_idx').using('gin', sql`${t.lastname} gin_trgm_ops`),
    // The name sorts of GET person, as null-free keys with the id last (person-list-sort.ts):
    // a page is an index range, and a deep page starts in the middle of it.
    index('persons_lastname_firstname_idx').on(
      t.lastname,
      sql`(${t.firstname} is null)`,
      sql`coalesce(${t.firstname}, '')`,
      t.id,
    ),
    index('persons_firstname_lastname_idx').on(
      sql`(${t.firstname} is null)`,
      sql`coalesce(${t.firstname}, '')`,
      t.lastname,
      t.id,
    ),
    // Every other sort of GET person (person-list-sort.ts): the key, ties in the default order
    // (first name, last name), the id last. Ascending reads an index forwards; descending
    // reads the `is not null` variant backwards, so empty values stay last in both directions.
    index('persons_firstname_desc_idx').on(
      sql`(${t.firstname} is not null)`,
      sql`coalesce(${t.firstname}, '')`,
      t.lastname,
      t.id,
    ),
    index('persons_state_sort_idx').on(
      t.state,
      sql`(${t.firstname} is null)`,
      sql`coalesce(${t.firstname}, '')`,
      t.lastname,
      t.id,
    ),
    ...(['sortClub', 'sortEmail', 'sortPhone'] as const).flatMap((key) => {
      const name = { sortClub: 'club', sortEmail: 'email', sortPhone: 'phone' }[key];
      const ties = [sql`(${t.firstname} is null)`, sql`coalesce(${t.firstname}, '')`, t.lastname, t.id] as const;
      return [
        index(`persons_sort_${name}_asc_idx`).on(sql`(${t[key]} is null)`, sql`coalesce(${t[key]}, '')`, ...ties),
        index(`persons_sort_${name}_desc_idx`).on(sql`(${t[key]} is not null)`, sql`coalesce(${t[key]}, '')`, ...ties),
      ];
    }),
    // The dashboard's birthday list (issue 24): active persons by day of the year, then name, so
    // a page of the coming 30 days is one index range (two at the turn of the year).
    index('persons_birthday_day_idx')
      .on(
        sql`((extract(month from ${t.birthday}) * 100 + extract(day from ${t.birthday}))::int)`,
        t.lastname,
        sql`(${t.firstname} is null)`,
        sql`coalesce(${t.firstname}, '')`,
        t.id,
      )
      .where(sql`${t.state} = 0 and ${t.birthday} is not null`),
    index('persons_state_idx').on(t.state),
    index('persons_primary_club_idx').on(t.primaryClubId),
    // A contact entry belongs to one person, so it is primary for at most one. These indexes
    // also keep the on-delete-set-null checks from scanning all persons per deleted entry.
    uniqueIndex('persons_primary_address_uq').on(t.primaryAddressId),
    uniqueIndex('persons_primary_phone_uq').on(t.primaryPhoneId),
    uniqueIndex('persons_primary_email_uq').on(t.primaryEmailId),
    uniqueIndex('persons_primary_url_uq').on(t.primaryUrlId),
    index('persons_avatar_idx')
      .on(t.avatarId)
      .where(sql`${t.avatarId} is not null`),
    index('persons_coach1_idx')
      .on(t.coach1Id)
      .where(sql`${t.coach1Id} is not null`),
    index('persons_coach2_idx')
      .on(t.coach2Id)
      .where(sql`${t.coach2Id} is not null`),
  ],
);

export const personSpokenLanguages = pgTable(
  'person_spoken_languages',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    languageCode: text('language_code').$type<LanguageCode>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.languageCode] })],
);

export const personMentoringAreas = pgTable(
  'person_mentoring_areas',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    personMentoringType: smallint('person_mentoring_type').$type<CompetenceTopic>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.personMentoringType] }),
    // The PersonMentoringTypes filter looks persons up by topic.
    index('person_mentoring_areas_type_idx').on(t.personMentoringType, t.personId),
  ],
);
