import { EntityState } from '@bpw/domain/enums/entity-state';
import { type LanguageCode, defaultLanguageCode, languageCodeEnum } from '@bpw/domain/enums/language';
import { clubManagerType, eventManagerType, memberTypes } from '@bpw/domain/enums/membership-type';
import { type Actor, deriveClubRoles } from '@bpw/domain/actor';
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, userAccounts } from '../../db/schema/accounts';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';
import { signInSessions } from '../../db/schema/second-factors';

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
  /** The second factor the session passed (SecondFactorMethod; 0 none, also without a session). */
  sessionSecondFactor: number;
};

type RoleRelation = { clubId: string; type: number; from: string; to: string | null };

/**
 * Every signed-in request asks this, so it is one statement, prepared once per database
 * handle (the driver parses it once per connection): the person, her account, whether the
 * session was revoked, and her role-giving relations active today as one JSON array.
 */
function prepareActorQuery(db: DbOrTx) {
  const personId = sql.placeholder('personId');
  const today = sql.placeholder('today');
  const sessionId = sql.placeholder('sessionId');
  return db
    .select({
      state: persons.state,
      languageCode: persons.languageCode,
      accountId: userAccounts.id,
      isAdmin: userAccounts.isAdmin,
      isCentralCommittee: userAccounts.isCentralCommittee,
      isSessionRevoked: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.chainId} = ${sessionId}::uuid and ${refreshTokens.revokedAt} is not null)`,
      sessionSecondFactor: sql<
        number | null
      >`(select ${signInSessions.secondFactor} from ${signInSessions} where ${signInSessions.chainId} = ${sessionId}::uuid)`,
      relations: sql<RoleRelation[] | string>`coalesce((
        select json_agg(json_build_object('clubId', ${clubRelations.clubId}, 'type', ${clubRelations.type}, 'from', ${clubRelations.from}, 'to', ${clubRelations.to}))
        from ${clubRelations}
        where ${and(
          eq(clubRelations.personId, persons.id),
          inArray(clubRelations.type, roleGivingTypes),
          lte(clubRelations.from, sql`${today}::date`),
          or(isNull(clubRelations.to), gte(clubRelations.to, sql`${today}::date`)),
        )}), '[]'::json)`,
    })
    .from(persons)
    .leftJoin(userAccounts, eq(userAccounts.personId, persons.id))
    .where(eq(persons.id, sql`${personId}::uuid`))
    .prepare('find_actor');
}

const preparedQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareActorQuery>>();

/** A person's roles from the current database state; undefined when the person does not exist. */
export async function findActor(
  db: DbOrTx,
  params: { personId: string; today: string; sessionId?: string },
): Promise<LoadedActor | undefined> {
  const { personId, today, sessionId } = params;
  let query = preparedQueries.get(db);
  if (!query) {
    query = prepareActorQuery(db);
    preparedQueries.set(db, query);
  }
  const [row] = await query.execute({ personId, today, sessionId: sessionId ?? null });
  if (!row) return undefined;
  // A driver may hand json back as text.
  const relations = (typeof row.relations === 'string' ? JSON.parse(row.relations) : row.relations) as RoleRelation[];
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
    sessionSecondFactor: Number(row.sessionSecondFactor ?? 0),
  };
}
