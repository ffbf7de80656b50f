import { type SQL, and, asc, eq, gt, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones, addresses, addressUrls } from '../../db/schema/addresses';
import { auditEntries } from '../../db/schema/audit-log';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';

/** One batch of persons ordered by id after `afterId` (keyset paging: each batch is an index range). */
export async function findExportBatch(db: DbOrTx, params: { where: SQL | undefined; afterId?: string; limit: number }) {
  return db
    .select({
      id: persons.id,
      salutation: persons.salutation,
      title: persons.title,
      firstname: persons.firstname,
      lastname: persons.lastname,
      birthday: persons.birthday,
      languageCode: persons.languageCode,
      countryCode: persons.countryCode,
      employmentType: persons.employmentType,
      bpwCourier: persons.bpwCourier,
      advertising: persons.advertising,
      isProfilePublic: persons.isProfilePublic,
      isPresentationDone: persons.isPresentationDone,
      isCoach: persons.isCoach,
      state: persons.state,
      primaryClub: clubs.name,
      company: addresses.company,
      companySector: addresses.companySector,
      companyRole: addresses.companyRole,
      address1: addresses.address1,
      address2: addresses.address2,
      street: addresses.street,
      zip: addresses.zip,
      city: addresses.city,
      country: addresses.countryCode,
      email: addressEmails.value,
      phone: addressPhones.value,
      url: addressUrls.value,
    })
    .from(persons)
    .leftJoin(clubs, eq(clubs.id, persons.primaryClubId))
    .leftJoin(addresses, eq(addresses.id, persons.primaryAddressId))
    .leftJoin(addressEmails, eq(addressEmails.id, persons.primaryEmailId))
    .leftJoin(addressPhones, eq(addressPhones.id, persons.primaryPhoneId))
    .leftJoin(addressUrls, eq(addressUrls.id, persons.primaryUrlId))
    .where(and(params.where, params.afterId ? gt(persons.id, params.afterId) : undefined))
    .orderBy(asc(persons.id))
    .limit(params.limit);
}
export type ExportBatchRow = Awaited<ReturnType<typeof findExportBatch>>[number];

/** The relations active today of these persons, with the club's name. */
export async function findActiveRelations(db: DbOrTx, params: { personIds: string[]; today: string }) {
  if (params.personIds.length === 0) return [];
  return db
    .select({ personId: clubRelations.personId, clubName: clubs.name, type: clubRelations.type })
    .from(clubRelations)
    .innerJoin(clubs, eq(clubs.id, clubRelations.clubId))
    .where(
      and(
        inArray(clubRelations.personId, params.personIds),
        lte(clubRelations.from, params.today),
        or(isNull(clubRelations.to), gte(clubRelations.to, params.today)),
      ),
    )
    .orderBy(asc(clubs.name), asc(clubRelations.type));
}

export async function findSpokenLanguages(db: DbOrTx, params: { personIds: string[] }) {
  if (params.personIds.length === 0) return [];
  return db
    .select({ personId: personSpokenLanguages.personId, value: personSpokenLanguages.languageCode })
    .from(personSpokenLanguages)
    .where(inArray(personSpokenLanguages.personId, params.personIds))
    .orderBy(asc(personSpokenLanguages.languageCode));
}

export async function findMentoringAreas(db: DbOrTx, params: { personIds: string[] }) {
  if (params.personIds.length === 0) return [];
  return db
    .select({ personId: personMentoringAreas.personId, value: personMentoringAreas.personMentoringType })
    .from(personMentoringAreas)
    .where(inArray(personMentoringAreas.personId, params.personIds))
    .orderBy(asc(personMentoringAreas.personMentoringType));
}

/** Who exported what: ids and the selection, never personal data (audit_entries). */
export async function insertExportAudit(db: DbOrTx, params: { actorPersonId: string; details: object }) {
  await db.insert(auditEntries).values({
    actorPersonId: params.actorPersonId,
    action: 'exported',
    entity: 'persons',
    details: params.details,
  });
}
