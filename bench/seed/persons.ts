import { CompetenceTopic } from '@bpw/domain/enums/competence';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { MembershipType as T } from '@bpw/domain/enums/membership-type';
import type { Rng } from '../../apps/api/src/db/demo/demo-random';
import { companies, companyRoles, companySectors } from '../../apps/api/src/db/demo/demo-names';
import { type Clubs, NATIONAL_CLUB } from './clubs';
import { CopyBuffer, type CopyValue } from './copy-text';
import { uuidFor } from './ids';
import {
  asciiName,
  drawRank,
  femaleFirstnamesOf,
  firstnameList,
  languages,
  maleFirstnamesOf,
  streetsOf,
  surnameList,
  surnamesOf,
  surnameZipf,
  townsOf,
} from './pools';

/**
 * Persons with everything the person list, search, detail and export read: a private address
 * with e-mail and phone for everyone, a business address for 40 %, about 1.5 club relations per
 * person (current, former, board, interested), an account for most members, spoken languages
 * and mentoring areas. What later generators need about a person is kept in typed arrays.
 */
export type PersonFacts = {
  count: number;
  language: Uint8Array;
  firstname: Uint16Array;
  lastname: Uint16Array;
  /** 0xffff: no second surname. */
  lastname2: Uint16Array;
  isArchived: Uint8Array;
};

export function newPersonFacts(count: number): PersonFacts {
  return {
    count,
    language: new Uint8Array(count),
    firstname: new Uint16Array(count),
    lastname: new Uint16Array(count),
    lastname2: new Uint16Array(count),
    isArchived: new Uint8Array(count),
  };
}

export const personFirstname = (f: PersonFacts, i: number) => firstnameList[f.firstname[i]!]!;
export function personLastname(f: PersonFacts, i: number) {
  const first = surnameList[f.lastname[i]!]!;
  const second = f.lastname2[i]!;
  return second === 0xffff ? first : `${first}-${surnameList[second]!}`;
}
const mailDomains = ['bluewin.ch', 'gmail.com', 'gmx.ch', 'hispeed.ch', 'sunrise.ch', 'outlook.com', 'proton.me'];
/** The private e-mail (and username): unique through the person's number in base 36. */
export const personEmail = (f: PersonFacts, i: number) =>
  `${asciiName(personFirstname(f, i))}.${asciiName(personLastname(f, i))}.${i.toString(36)}@${mailDomains[i % 7]}`;

export const personTables = {
  persons: [
    'id',
    'salutation',
    'title',
    'firstname',
    'lastname',
    'birthday',
    'language_code',
    'country_code',
    'is_profile_public',
    'is_presentation_done',
    'is_coach',
    'employment_type',
    'bpw_courier',
    'advertising',
    'primary_club_id',
    'primary_address_id',
    'primary_phone_id',
    'primary_email_id',
    'primary_url_id',
    'state',
    'search_text',
    'sort_club',
    'sort_email',
    'sort_phone',
    'created_at',
    'updated_at',
  ],
  addresses: [
    'id',
    'person_id',
    'address_type',
    'label',
    'company',
    'company_sector',
    'company_role',
    'main_competence',
    'competences',
    'street',
    'city',
    'zip',
    'state',
    'country_code',
  ],
  address_emails: ['id', 'address_id', 'person_id', 'label', 'value'],
  address_phones: ['id', 'address_id', 'person_id', 'phone_type', 'label', 'value'],
  address_urls: ['id', 'address_id', 'person_id', 'url_type', 'label', 'value'],
  club_relations: [
    'id',
    'person_id',
    'club_id',
    'type',
    'membership_type_label',
    'from_date',
    'to_date',
    'created_at',
    'person_sort_name',
    'person_state',
  ],
  user_accounts: ['id', 'person_id', 'username', 'password_hash', 'accepted_terms_at'],
  person_spoken_languages: ['person_id', 'language_code'],
  person_mentoring_areas: ['person_id', 'person_mentoring_type'],
} as const;
export type PersonTable = keyof typeof personTables;
export type PersonBuffers = Record<PersonTable, CopyBuffer>;

export const newPersonBuffers = (): PersonBuffers =>
  Object.fromEntries(
    Object.entries(personTables).map(([table, columns]) => [table, new CopyBuffer(table, columns)]),
  ) as PersonBuffers;

const labels: Record<LanguageCode, [string, string]> = {
  de: ['Privat', 'Geschäft'],
  fr: ['Privé', 'Bureau'],
  it: ['Privato', 'Ufficio'],
  en: ['Home', 'Office'],
};
const topics = Object.values(CompetenceTopic);
const boardAndResponsibles = [T.board, T.president, T.database, T.finance, T.responsibleEvents, T.responsibleMembers];
const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Absolute dates keep the data the same on every run; relations end before 2026, so "former"
// stays former and "current" stays current for years.
const RELATIONS_FROM = Date.UTC(1990, 0, 1);
const RELATIONS_TO = Date.UTC(2025, 11, 31);
const BIRTHDAYS_FROM = Date.UTC(1940, 0, 1);
const BIRTHDAYS_SPAN_DAYS = 65 * 365;

const phoneOf = (rng: Rng, areaCode: string) =>
  `+41 ${areaCode} ${rng.int(200, 999)} ${String(rng.int(0, 99)).padStart(2, '0')} ${String(rng.int(0, 99)).padStart(2, '0')}`;

/** Appends person `i` and all her rows to the buffers and records her facts. */
export function addPerson(rng: Rng, clubs: Clubs, facts: PersonFacts, out: PersonBuffers, i: number) {
  const clubIndex = clubs.drawRegional(rng);
  const language: LanguageCode = rng.chance(0.08) ? 'en' : clubs.language[clubIndex]!;
  const isMale = rng.chance(0.07);
  const firstnameIndex = rng.pick((isMale ? maleFirstnamesOf : femaleFirstnamesOf)[language]);
  const surnames = surnamesOf[language];
  facts.language[i] = languages.indexOf(language);
  facts.firstname[i] = firstnameIndex;
  facts.lastname[i] = surnames[drawRank(rng, surnameZipf[language])]!;
  facts.lastname2[i] = rng.chance(0.08) ? surnames[drawRank(rng, surnameZipf[language])]! : 0xffff;
  const status = rng.weighted([
    ['member', 82],
    ['interested', 10],
    ['former', 5],
    ['archived', 3],
  ] as const);
  facts.isArchived[i] = status === 'archived' ? 1 : 0;
  const firstname = personFirstname(facts, i);
  const lastname = personLastname(facts, i);
  const personId = uuidFor('person', i);
  const town = rng.pick(townsOf[language]);
  const [zip, city, canton] = town;

  // Club relations: the primary one, then the extras (about 0.5 a person).
  const since = RELATIONS_FROM + Math.floor(rng.next() * (RELATIONS_TO - RELATIONS_FROM));
  let relations = 0;
  // At most four relations a person, so person i's relations are numbered 4i to 4i + 3.
  const add = (club: number, type: number, from: number, to: number | null, label: string | null = null) => {
    if (relations >= 4) return;
    out.club_relations.add([
      uuidFor('relation', 4 * i + relations++),
      personId,
      uuidFor('club', club),
      type,
      label,
      day(from),
      to === null ? null : day(to),
      new Date(from),
      // What the person-copy trigger of migration 0013 writes (the load runs without triggers;
      // every generated person has a firstname).
      `${lastname}\u0001${firstname}`,
      status === 'archived' ? 90 : 0,
    ]);
  };
  const ended = (from: number) => Math.min(RELATIONS_TO, from + rng.int(365, 3650) * DAY_MS);
  if (status === 'interested') add(clubIndex, T.interested, since, null);
  else if (status === 'former') add(clubIndex, T.single, since, ended(since));
  else {
    const type = rng.weighted([
      [T.single, 85],
      [T.singleNoFee, 5],
      [T.collective, 5],
      [T.company, 5],
    ] as const);
    add(clubIndex, type, since, status === 'archived' && rng.chance(0.5) ? ended(since) : null);
  }
  const later = () => since + Math.floor(rng.next() * (RELATIONS_TO - since));
  if (rng.chance(0.2)) add(clubs.drawRegional(rng), T.single, later(), null);
  if (rng.chance(0.1)) {
    const from = RELATIONS_FROM + Math.floor(rng.next() * (since - RELATIONS_FROM));
    add(clubs.drawRegional(rng), T.single, from, Math.min(since, ended(from)));
  }
  if (rng.chance(0.08)) add(clubs.drawRegional(rng), T.interested, later(), null);
  if (status === 'member' && rng.chance(0.06)) add(clubIndex, rng.pick(boardAndResponsibles), later(), null);
  if (rng.chance(0.02)) add(clubs.drawRegional(rng), T.speaker, later(), null);
  if (rng.chance(0.03)) add(clubIndex, T.other, later(), null, 'Ehrenmitglied');
  if (status === 'member' && rng.chance(0.005)) add(NATIONAL_CLUB, rng.pick(boardAndResponsibles), later(), null);

  // Addresses: private for everyone, business for 40 %; e-mail, phone and URL entries.
  const [privateLabel, businessLabel] = labels[language];
  const privateId = uuidFor('address', 2 * i);
  const email = personEmail(facts, i);
  const street = () => `${rng.pick(streetsOf[language])} ${rng.int(1, 120)}`;
  out.addresses.add([
    privateId,
    personId,
    0,
    privateLabel,
    null,
    null,
    null,
    null,
    [],
    street(),
    city,
    zip,
    canton,
    'CH',
  ]);
  const privateEmailId = uuidFor('email', 2 * i);
  out.address_emails.add([privateEmailId, privateId, personId, null, email]);
  const emails = [email];
  let company: string | null = null;
  let primaryPhoneId: string | null = null;
  let primaryPhone: string | null = null;
  if (rng.chance(0.85)) {
    primaryPhoneId = uuidFor('phone', 2 * i);
    primaryPhone = phoneOf(rng, '79');
    out.address_phones.add([primaryPhoneId, privateId, personId, 20, null, primaryPhone]);
  }
  let primaryAddressId = privateId;
  let primaryUrlId: string | null = null;
  if (rng.chance(0.4)) {
    const businessId = uuidFor('address', 2 * i + 1);
    company = `${surnameList[rng.pick(surnames)]} ${rng.pick(companies[language])}`;
    const competences: CopyValue = rng.chance(0.5) ? rng.sample(topics, rng.int(1, 3)).sort((a, b) => a - b) : [];
    const [bzip, bcity, bcanton, barea] = rng.pick(townsOf[language]);
    out.addresses.add([
      businessId,
      personId,
      10,
      businessLabel,
      company,
      rng.pick(companySectors[language]),
      rng.pick(companyRoles[language]),
      null,
      competences,
      street(),
      bcity,
      bzip,
      bcanton,
      'CH',
    ]);
    const slug = asciiName(company.split(' ')[0]!);
    const businessEmail = `${asciiName(firstname)}.${asciiName(lastname)}@${slug}.ch`;
    out.address_emails.add([uuidFor('email', 2 * i + 1), businessId, personId, null, businessEmail]);
    emails.push(businessEmail);
    if (rng.chance(0.8)) {
      const phoneId = uuidFor('phone', 2 * i + 1);
      const phone = phoneOf(rng, barea);
      out.address_phones.add([phoneId, businessId, personId, 10, null, phone]);
      if (primaryPhoneId === null) {
        primaryPhoneId = phoneId;
        primaryPhone = phone;
      }
    }
    if (rng.chance(0.35)) {
      primaryUrlId = uuidFor('url', i);
      out.address_urls.add([primaryUrlId, businessId, personId, 0, null, `https://www.${slug}.ch`]);
    }
    if (rng.chance(0.5)) primaryAddressId = businessId;
  }

  const birthday = day(BIRTHDAYS_FROM + rng.int(0, BIRTHDAYS_SPAN_DAYS) * DAY_MS);
  const isMember = status === 'member';
  out.persons.add([
    personId,
    isMale ? 10 : 0,
    rng.chance(0.1) ? rng.pick([0, 0, 10, 40, 50]) : null,
    firstname,
    lastname,
    birthday,
    language,
    rng.chance(0.88) ? 'CH' : rng.pick(['DE', 'FR', 'IT', 'AT', 'GB']),
    rng.chance(0.5),
    isMember && rng.chance(0.7),
    isMember && rng.chance(0.03),
    rng.pick([0, 10, 20, 30, 30, 30, 50, 60]),
    rng.chance(0.35) ? 0 : 10,
    rng.pick([0, 10, 20]),
    uuidFor('club', clubIndex),
    primaryAddressId,
    primaryPhoneId,
    privateEmailId,
    primaryUrlId,
    status === 'archived' ? 90 : 0,
    // What the search_text trigger of migration 0006 computes (the load runs without triggers);
    // the search index is filled from it after the load (seed.ts).
    [firstname, lastname, ...emails.sort(), company].filter(Boolean).join(' '),
    // What the sort-key triggers of migration 0015 write: the primary club's name, e-mail, phone.
    clubs.name[clubIndex]!,
    email,
    primaryPhone,
    new Date(since),
    new Date(since),
  ]);
  if (status !== 'former' && status !== 'archived' && rng.chance(0.8)) {
    out.user_accounts.add([uuidFor('account', i), personId, email, null, new Date(since)]);
  }
  out.person_spoken_languages.add([personId, language]);
  for (const other of languages)
    if (other !== language && rng.chance(0.25)) out.person_spoken_languages.add([personId, other]);
  if (isMember && rng.chance(0.08)) {
    for (const topic of rng.sample(topics, rng.int(1, 3))) out.person_mentoring_areas.add([personId, topic]);
  }
}
