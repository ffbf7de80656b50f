import { EntityState } from '@bpw/domain/enums/entity-state';
import { type LanguageCode, defaultLanguageCode, languageCodeEnum } from '@bpw/domain/enums/language';
import { clubManagerType, eventManagerType, memberTypes } from '@bpw/domain/enums/membership-type';
import { type Actor, deriveClubRoles } from '@bpw/domain/actor';
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, userAccounts } from '../../db/schema/accounts';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

/** The relation types that give a role (DESIGN "Data rules"). */
const roleGivingTypes = [...memberTypes, clubManagerType, eventManagerType];

export type LoadedActor = {
  actor: Actor;
  /** A person without a user account (e.g. an interested person) has roles but cannot sign in. */
  hasAccount: boolean;
  languageCode: LanguageCode;
  isArchived: boolean;
  /** True when the sign-in (refresh chain) this token belongs to was ended: logout, reuse, new password. */
  isSessionRevoked: boolean;
};

/**
 * A person's roles from the current database state, in two indexed queries: the account row
 * with its stored roles (and whether the session was revoked), then the relations active today.
 * Undefined when the person does not exist.
 */
export async function findActor(
  db: DbOrTx,
  params: { personId: string; today: string; sessionId?: string },
): Promise<LoadedActor | undefined> {
  const { personId, today, sessionId } = params;
  const isSessionRevoked = sessionId
    ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.chainId} = ${sessionId} and ${refreshTokens.revokedAt} is not null)`
    : sql<boolean>`false`;
  const [row] = await db
    .select({
      state: persons.state,
      languageCode: persons.languageCode,
      accountId: userAccounts.id,
      isAdmin: userAccounts.isAdmin,
      isCentralCommittee: userAccounts.isCentralCommittee,
      isSessionRevoked,
    })
    .from(persons)
    .leftJoin(userAccounts, eq(userAccounts.personId, persons.id))
    .where(eq(persons.id, personId));
  if (!row) return undefined;
  const relations = await db
    .select({ clubId: clubRelations.clubId, type: clubRelations.type, from: clubRelations.from, to: clubRelations.to })
    .from(clubRelations)
    .where(
      and(
        eq(clubRelations.personId, personId),
        inArray(clubRelations.type, roleGivingTypes),
        lte(clubRelations.from, today),
        or(isNull(clubRelations.to), gte(clubRelations.to, today)),
      ),
    );
  return {
    actor: {
      personId,
      isAdmin: row.isAdmin === true,
      isCentralCommittee: row.isAdmin === true || row.isCentralCommittee === true,
      ...deriveClubRoles(relations, today),
    },
    hasAccount: row.accountId !== null,
    languageCode: languageCodeEnum.is(row.languageCode) ? row.languageCode : defaultLanguageCode,
    isArchived: row.state === EntityState.Archived,
    isSessionRevoked: Boolean(row.isSessionRevoked),
  };
}
