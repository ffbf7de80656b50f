import type { LanguageCode } from '@bpw/domain/enums/language';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userAccounts } from '../../db/schema/accounts';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

export async function findClubById(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, params.id));
  return row;
}

export async function isUsernameInUse(db: DbOrTx, params: { username: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(eq(userAccounts.username, params.username));
  return row !== undefined;
}

/**
 * POST person: the person (primary club = the club), her account and her first club relation.
 * Call inside one transaction; a taken username fails on the unique index.
 */
export async function insertPersonWithAccount(
  tx: DbOrTx,
  params: {
    firstname: string | null;
    lastname: string;
    birthday: string;
    languageCode: LanguageCode;
    clubId: string;
    username: string;
    passwordHash: string;
    relation: { type: number; membershipTypeLabel: string | null; from: string };
    actorId: string;
    now: Date;
  },
): Promise<string> {
  const audit = { createdAt: params.now, createdBy: params.actorId, updatedAt: params.now, updatedBy: params.actorId };
  const [person] = await tx
    .insert(persons)
    .values({
      firstname: params.firstname,
      lastname: params.lastname,
      birthday: params.birthday,
      languageCode: params.languageCode,
      primaryClubId: params.clubId,
      ...audit,
    })
    .returning({ id: persons.id });
  const personId = person!.id;
  await tx.insert(userAccounts).values({
    personId,
    username: params.username,
    passwordHash: params.passwordHash,
    passwordChangedAt: params.now,
    createdAt: params.now,
    updatedAt: params.now,
  });
  await tx.insert(clubRelations).values({
    personId,
    clubId: params.clubId,
    type: params.relation.type,
    membershipTypeLabel: params.relation.membershipTypeLabel,
    from: params.relation.from,
    to: null,
    ...audit,
  });
  return personId;
}
