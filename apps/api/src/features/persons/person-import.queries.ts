import type { PersonUpdateData } from '@bpw/domain/schemas/person';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';
import { personAccessColumns } from '../../platform/auth/person-access';
import { importAddressesJsonOf } from '../addresses/address-import.service';
import { importRelationsJsonOf } from '../memberships/membership-import.service';
import { personRowColumns } from './person-write.queries';
import { chunksOf } from '../../db/chunks';

type MatchKeys = { emails: string[]; firstname: string | null; lastname: string | null; birthday: string | null };

/**
 * Issue 16 matching: the persons with one of these e-mails, and those with this first name, last
 * name and birthday, in one statement. At most a few ids; more than one means the row is ambiguous.
 */
export async function findMatchingPersonIds(db: DbOrTx, keys: MatchKeys): Promise<string[]> {
  return (await findMatchingPersonIdsOfRows(db, [keys])).get(0) ?? [];
}

/**
 * The matches of a batch's rows (by their place in the list) in one statement of fixed text: the
 * rows' e-mails and names arrive as one JSON parameter each, and each is looked up in a lateral
 * subquery (its LIMIT keeps it a lookup per value: by `address_emails_value_lower_idx`, migration
 * 0039, and by the name sort's index, whose first-name columns the condition repeats). A union of
 * a subquery per row and e-mail, as before, was planned again for every batch: 37 ms a batch of
 * 100 rows at a million persons, against 2 ms of execution.
 */
export async function findMatchingPersonIdsOfRows(
  db: DbOrTx,
  rows: readonly MatchKeys[],
): Promise<Map<number, string[]>> {
  const emails = rows.flatMap((row, i) => row.emails.map((email) => ({ i, email })));
  const names = rows.flatMap(({ firstname, lastname, birthday }, i) =>
    lastname && birthday ? [{ i, firstname, lastname, birthday }] : [],
  );
  const matches = new Map<number, string[]>();
  if (emails.length + names.length === 0) return matches;
  const result = await db.execute(sql`
    select e.i, m.id from json_to_recordset(${JSON.stringify(emails)}::json) as e(i int, email text)
      cross join lateral (select distinct person_id as id from address_emails
        where lower(value) = lower(e.email) limit 3) m
    union
    select n.i, m.id
    from json_to_recordset(${JSON.stringify(names)}::json) as n(i int, firstname text, lastname text, birthday date)
      cross join lateral (select id from persons where lastname = n.lastname
        and (firstname is null) = (n.firstname is null) and coalesce(firstname, '') = coalesce(n.firstname, '')
        and birthday = n.birthday limit 3) m`);
  for (const row of (result as unknown as { rows: { i: number; id: string }[] }).rows)
    matches.set(Number(row.i), [...(matches.get(Number(row.i)) ?? []), row.id]);
  return matches;
}

/**
 * Everything of the stored person the import compares a row with, in one statement: her fields
 * in the shape of PUT person/{id}'s payload, her access facts (the permission rules), her
 * addresses with their entries, and her club relations.
 */
export async function findPersonForImport(db: DbOrTx, params: { id: string; today: string }) {
  const [row] = await db
    .select({
      ...personAccessColumns(params.today),
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
      primaryAddressId: persons.primaryAddressId,
      primaryEmailId: persons.primaryEmailId,
      primaryPhoneId: persons.primaryPhoneId,
      primaryUrlId: persons.primaryUrlId,
      mentoringTypes: sql<
        number[]
      >`array(select ${personMentoringAreas.personMentoringType} from ${personMentoringAreas} where ${personMentoringAreas.personId} = ${persons.id} order by 1)`,
      spokenLanguages: sql<
        string[]
      >`array(select ${personSpokenLanguages.languageCode} from ${personSpokenLanguages} where ${personSpokenLanguages.personId} = ${persons.id} order by 1)`,
      addresses: importAddressesJsonOf(sql`persons.id`),
      relations: importRelationsJsonOf(sql`persons.id`),
    })
    .from(persons)
    .where(eq(persons.id, params.id));
  return row;
}

/** A new person with all the columns of the row in one statement (PUT person/{id}'s columns). */
export async function insertImportedPersonRow(
  tx: DbOrTx,
  params: { data: PersonUpdateData; primaryClubId: string | null; actorId: string; now: Date },
): Promise<string> {
  const { data, actorId, now } = params;
  const [row] = await tx
    .insert(persons)
    .values({
      ...personRowColumns(data, { isPresentationDone: data.isPresentationDone, actorId, now }),
      primaryClubId: params.primaryClubId,
      createdAt: now,
      createdBy: actorId,
    })
    .returning({ id: persons.id });
  return row!.id;
}

/** A new imported person as the batch writes her (her id chosen by the import). */
export type NewImportedPersonRow = {
  id: string;
  data: PersonUpdateData;
  primaryClubId: string | null;
  /** Her primary address and entries, written before her in the same savepoint (the import's batch). */
  primaries?: { address?: string; email?: string; phone?: string; url?: string };
  actorId: string;
  now: Date;
};

/**
 * The new persons of an import batch in one insert (the columns of `insertImportedPersonRow`),
 * and their spoken languages in one more (docs/decisions/import.md "Figures").
 */
export async function insertImportedPersonRows(tx: DbOrTx, rows: readonly NewImportedPersonRow[]) {
  for (const chunk of chunksOf(rows)) {
    await tx.insert(persons).values(
      chunk.map(({ id, data, primaryClubId, primaries, actorId, now }) => ({
        id,
        ...personRowColumns(data, { isPresentationDone: data.isPresentationDone, actorId, now }),
        primaryClubId,
        primaryAddressId: primaries?.address ?? null,
        primaryEmailId: primaries?.email ?? null,
        primaryPhoneId: primaries?.phone ?? null,
        primaryUrlId: primaries?.url ?? null,
        createdAt: now,
        createdBy: actorId,
      })),
    );
  }
  const languages = rows.flatMap((r) =>
    r.data.spokenLanguages.map((languageCode) => ({ personId: r.id, languageCode })),
  );
  for (const chunk of chunksOf(languages)) await tx.insert(personSpokenLanguages).values(chunk);
}

/** PUT person/{id}'s columns of an imported row (the languages apart: `replaceSpokenLanguages`). */
export async function updateImportedPersonRow(
  tx: DbOrTx,
  params: { id: string; data: PersonUpdateData; actorId: string; now: Date },
) {
  const { data, actorId, now } = params;
  await tx
    .update(persons)
    .set(personRowColumns(data, { isPresentationDone: data.isPresentationDone, actorId, now }))
    .where(eq(persons.id, params.id));
}

/** The spoken languages of a person become these (only called when they changed). */
export async function replaceSpokenLanguages(
  tx: DbOrTx,
  params: { id: string; languageCodes: PersonUpdateData['spokenLanguages'] },
) {
  await tx.delete(personSpokenLanguages).where(eq(personSpokenLanguages.personId, params.id));
  if (params.languageCodes.length > 0) {
    await tx
      .insert(personSpokenLanguages)
      .values(params.languageCodes.map((languageCode) => ({ personId: params.id, languageCode })));
  }
}

export async function setPrimaryClubIfNone(tx: DbOrTx, params: { id: string; clubId: string }) {
  await tx
    .update(persons)
    .set({ primaryClubId: params.clubId })
    .where(and(eq(persons.id, params.id), isNull(persons.primaryClubId)));
}
