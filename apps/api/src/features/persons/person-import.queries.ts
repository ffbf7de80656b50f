import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails } from '../../db/schema/addresses';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';

/** An e-mail as a case-insensitive exact pattern (the trigram index answers ILIKE). */
const exactPattern = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Issue 16 matching: the persons with one of these e-mails, and those with this first name, last
 * name and birthday. At most a few ids; more than one means the row is ambiguous.
 */
export async function findMatchingPersonIds(
  db: DbOrTx,
  params: { emails: string[]; firstname: string | null; lastname: string | null; birthday: string | null },
): Promise<string[]> {
  const ids = new Set<string>();
  for (const email of params.emails) {
    const rows = await db
      .selectDistinct({ id: addressEmails.personId })
      .from(addressEmails)
      .where(sql`${addressEmails.value} ILIKE ${exactPattern(email)}`)
      .limit(3);
    for (const row of rows) ids.add(row.id);
  }
  if (params.lastname && params.birthday) {
    const rows = await db
      .select({ id: persons.id })
      .from(persons)
      .where(
        and(
          eq(persons.lastname, params.lastname),
          params.firstname ? eq(persons.firstname, params.firstname) : isNull(persons.firstname),
          eq(persons.birthday, params.birthday),
        ),
      )
      .limit(3);
    for (const row of rows) ids.add(row.id);
  }
  return [...ids];
}

/** The stored person in the shape of PUT person/{id}'s payload, to merge a row into. */
export async function findPersonForImport(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select({
      salutation: persons.salutation,
      title: persons.title,
      firstname: persons.firstname,
      lastname: persons.lastname,
      birthday: persons.birthday,
      timeZone: persons.timeZone,
      languageCode: persons.languageCode,
      countryCode: persons.countryCode,
      isProfilePublic: persons.isProfilePublic,
      isPresentationDone: persons.isPresentationDone,
      isCoach: persons.isCoach,
      employmentType: persons.employmentType,
      bpwCourier: persons.bpwCourier,
      advertising: persons.advertising,
      coach1: persons.coach1Id,
      coach2: persons.coach2Id,
      primaryClubId: persons.primaryClubId,
      primaryAddressId: persons.primaryAddressId,
      mentoringTypes: sql<
        number[]
      >`array(select ${personMentoringAreas.personMentoringType} from ${personMentoringAreas} where ${personMentoringAreas.personId} = ${persons.id} order by 1)`,
      spokenLanguages: sql<
        string[]
      >`array(select ${personSpokenLanguages.languageCode} from ${personSpokenLanguages} where ${personSpokenLanguages.personId} = ${persons.id} order by 1)`,
    })
    .from(persons)
    .where(eq(persons.id, params.id));
  return row;
}

/** A new person row with the required columns; the rest is written by updatePersonRow. */
export async function insertPersonRow(
  tx: DbOrTx,
  params: { lastname: string; primaryClubId: string | null; actorId: string; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(persons)
    .values({
      lastname: params.lastname,
      primaryClubId: params.primaryClubId,
      createdAt: params.now,
      createdBy: params.actorId,
      updatedAt: params.now,
      updatedBy: params.actorId,
    })
    .returning({ id: persons.id });
  return row!.id;
}

export async function setPrimaryClubIfNone(tx: DbOrTx, params: { id: string; clubId: string }) {
  await tx
    .update(persons)
    .set({ primaryClubId: params.clubId })
    .where(and(eq(persons.id, params.id), isNull(persons.primaryClubId)));
}
