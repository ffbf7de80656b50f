import type { PersonUpdateData } from '@bpw/domain/schemas/person';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses } from '../../db/schema/addresses';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';

/** The person columns a PUT person/{id} payload writes (also those of an imported new person). */
export function personRowColumns(
  data: PersonUpdateData,
  params: { isPresentationDone: boolean; actorId: string; now: Date },
) {
  return {
    timeZone: data.timeZone,
    languageCode: data.languageCode,
    countryCode: data.countryCode ?? null,
    isProfilePublic: data.isProfilePublic,
    isPresentationDone: params.isPresentationDone,
    isCoach: data.isCoach,
    employmentType: data.employmentType ?? null,
    bpwCourier: data.bpwCourier ?? null,
    advertising: data.advertising,
    salutation: data.salutation ?? null,
    title: data.title ?? null,
    firstname: data.firstname ?? null,
    lastname: data.lastname,
    birthday: data.birthday,
    coach1Id: data.coach1 ?? null,
    coach2Id: data.coach2 ?? null,
    updatedAt: params.now,
    updatedBy: params.actorId,
  };
}

/** PUT person/{id}: the payload's fields only; ids, state, account and primary items stay. */
export async function updatePersonRow(
  tx: DbOrTx,
  params: { id: string; data: PersonUpdateData; isPresentationDone: boolean; actorId: string; now: Date },
) {
  const { data } = params;
  await tx.update(persons).set(personRowColumns(data, params)).where(eq(persons.id, params.id));
  await tx.delete(personSpokenLanguages).where(eq(personSpokenLanguages.personId, params.id));
  if (data.spokenLanguages.length > 0) {
    await tx
      .insert(personSpokenLanguages)
      .values(data.spokenLanguages.map((languageCode) => ({ personId: params.id, languageCode })));
  }
  await tx.delete(personMentoringAreas).where(eq(personMentoringAreas.personId, params.id));
  if (data.mentoringTypes.length > 0) {
    await tx
      .insert(personMentoringAreas)
      .values(data.mentoringTypes.map((personMentoringType) => ({ personId: params.id, personMentoringType })));
  }
}

/** Which of these ids are persons (coach references must exist). */
export async function findExistingPersonIds(db: DbOrTx, params: { ids: string[] }): Promise<Set<string>> {
  if (params.ids.length === 0) return new Set();
  const rows = await db.select({ id: persons.id }).from(persons).where(inArray(persons.id, params.ids));
  return new Set(rows.map((r) => r.id));
}

export async function findPresentationFlag(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select({ isPresentationDone: persons.isPresentationDone })
    .from(persons)
    .where(eq(persons.id, params.id));
  return row?.isPresentationDone ?? false;
}

export async function setPersonState(tx: DbOrTx, params: { id: string; state: number; actorId: string; now: Date }) {
  await tx
    .update(persons)
    .set({ state: params.state, updatedAt: params.now, updatedBy: params.actorId })
    .where(eq(persons.id, params.id));
}

/**
 * Deletes the person; her account, relations, addresses, tokens and subscriptions go with her
 * (on delete cascade). Answers the ids of her avatar and logos, which the caller deletes too.
 */
export async function deletePersonRow(tx: DbOrTx, params: { id: string }): Promise<string[]> {
  const [person] = await tx.select({ avatarId: persons.avatarId }).from(persons).where(eq(persons.id, params.id));
  const logos = await tx
    .select({ id: addresses.competenceLogoId })
    .from(addresses)
    .where(eq(addresses.personId, params.id));
  await tx.delete(persons).where(eq(persons.id, params.id));
  return [person?.avatarId, ...logos.map((l) => l.id)].filter((id): id is string => typeof id === 'string');
}

/** The consent fields before a write, the row locked so that concurrent writes log in order (issue 25). */
export async function findConsentFields(tx: DbOrTx, params: { id: string }) {
  const [row] = await tx
    .select({ advertising: persons.advertising, isProfilePublic: persons.isProfilePublic })
    .from(persons)
    .where(eq(persons.id, params.id))
    .for('update');
  return row ?? null;
}
