import type { CompetenceTopic } from '@bpw/domain/enums/competence';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { type ActorCheck, actorCheckValues, actorColumn } from '../../platform/auth/actor-check';
import { personAccessColumns } from '../../platform/auth/person-access';
import { addressEmails, addressPhones, addresses, addressUrls } from '../../db/schema/addresses';
import { clubs } from '../../db/schema/clubs';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';

/**
 * GET person/{id} in one statement: the facts that decide who may see her (`personAccessColumns`), the person, her primary club, phone, e-mail, URL and
 * address (each with its address's label), both coaches, spoken languages and mentoring areas.
 */
const club = alias(clubs, 'primary_club');
const email = alias(addressEmails, 'primary_email');
const emailAddress = alias(addresses, 'primary_email_address');
const phone = alias(addressPhones, 'primary_phone');
const phoneAddress = alias(addresses, 'primary_phone_address');
const url = alias(addressUrls, 'primary_url');
const urlAddress = alias(addresses, 'primary_url_address');
const address = alias(addresses, 'primary_address');
const coach1 = alias(persons, 'coach1');
const coach2 = alias(persons, 'coach2');

const spokenLanguages = sql<
  LanguageCode[]
>`(select coalesce(json_agg(${personSpokenLanguages.languageCode} order by ${personSpokenLanguages.languageCode}), '[]'::json)
  from ${personSpokenLanguages} where ${personSpokenLanguages.personId} = ${persons.id})`;
const mentoringAreas = sql<
  CompetenceTopic[]
>`(select coalesce(json_agg(${personMentoringAreas.personMentoringType} order by ${personMentoringAreas.personMentoringType}), '[]'::json)
  from ${personMentoringAreas} where ${personMentoringAreas.personId} = ${persons.id})`;

/**
 * Prepared under a name, once per database handle: Drizzle builds the text once, and each
 * connection parses and plans it once. Unnamed, PostgreSQL planned its eleven joins on every
 * request: 12 ms of planning against 1 ms of execution at a million persons under the
 * benchmark's load (pg_stat_statements, docs/performance.md). Every join is on a key, so the
 * generic plan PostgreSQL settles on after five runs is the custom one.
 */
function buildDetailQuery(db: DbOrTx) {
  return db
    .select({
      access: personAccessColumns(sql.placeholder('today')),
      person: persons,
      clubName: club.name,
      email: { id: email.id, value: email.value, label: emailAddress.label },
      phone: { id: phone.id, value: phone.value, label: phoneAddress.label },
      url: { id: url.id, value: url.value, label: urlAddress.label },
      address: {
        id: address.id,
        label: address.label,
        address1: address.address1,
        address2: address.address2,
        street: address.street,
        zip: address.zip,
        city: address.city,
        countryCode: address.countryCode,
      },
      coach1: { id: coach1.id, firstname: coach1.firstname, lastname: coach1.lastname },
      coach2: { id: coach2.id, firstname: coach2.firstname, lastname: coach2.lastname },
      spokenLanguages,
      mentoringAreas,
      // The signed-in person's facts now, in this statement's snapshot (actor-check.ts).
      actorNow: actorColumn(),
    })
    .from(persons)
    .leftJoin(club, eq(club.id, persons.primaryClubId))
    .leftJoin(email, eq(email.id, persons.primaryEmailId))
    .leftJoin(emailAddress, eq(emailAddress.id, email.addressId))
    .leftJoin(phone, eq(phone.id, persons.primaryPhoneId))
    .leftJoin(phoneAddress, eq(phoneAddress.id, phone.addressId))
    .leftJoin(url, eq(url.id, persons.primaryUrlId))
    .leftJoin(urlAddress, eq(urlAddress.id, url.addressId))
    .leftJoin(address, eq(address.id, persons.primaryAddressId))
    .leftJoin(coach1, eq(coach1.id, persons.coach1Id))
    .leftJoin(coach2, eq(coach2.id, persons.coach2Id))
    .where(eq(persons.id, sql`${sql.placeholder('id')}::uuid`));
}

const buildDetail = (db: DbOrTx) => buildDetailQuery(db).prepare('person_detail');
const detailQueries = new WeakMap<DbOrTx, ReturnType<typeof buildDetail>>();

export async function findPersonDetail(db: DbOrTx, params: { id: string; today: string; actorCheck?: ActorCheck }) {
  let query = detailQueries.get(db);
  if (!query) {
    query = buildDetail(db);
    detailQueries.set(db, query);
  }
  const [row] = await query.execute({ id: params.id, today: params.today, ...actorCheckValues(params.actorCheck) });
  if (row) params.actorCheck?.see(row.actorNow);
  return row;
}
export type PersonDetailRow = NonNullable<Awaited<ReturnType<typeof findPersonDetail>>>;
