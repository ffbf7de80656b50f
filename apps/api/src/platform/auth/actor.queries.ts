import { EntityState } from '@bpw/domain/enums/entity-state';
import { type LanguageCode, defaultLanguageCode, languageCodeEnum } from '@bpw/domain/enums/language';
import { clubManagerType, eventManagerType, memberTypes } from '@bpw/domain/enums/membership-type';
import { type Actor, deriveClubRoles } from '@bpw/domain/actor';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

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

/** Who asks: the person, her sign-in (none for API tokens and jobs) and the day in Switzerland. */
export type ActorKey = { personId: string; today: string; sessionId?: string };

type RoleRelation = { clubId: string; type: number; from: string; to: string | null };
type ActorRow = {
  state: number;
  languageCode: string;
  hasAccount: boolean;
  isAdmin: boolean | null;
  isCentralCommittee: boolean | null;
  isSessionRevoked: boolean;
  sessionSecondFactor: number | null;
  relations: RoleRelation[];
};

/**
 * The person, her account, whether the session was revoked, and her role-giving relations
 * active today, as one JSON text: its own statement (`findActor`), or a column of a list's or
 * detail's statement (`actor-check.ts`), where the text itself says whether anything changed.
 * The relations are ordered, so the same facts give the same text.
 */
export function actorJson(key: Record<'personId' | 'today' | 'sessionId', SQL | Placeholder>): SQL<string | null> {
  const { personId, today, sessionId } = key;
  // Written with its own table aliases: Drizzle drops the table of a column in a single-table
  // select's fields, and this text is a column of such statements (actor-check.ts).
  const roleTypes = sql.join(
    roleGivingTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  return sql<string | null>`(select json_build_object(
      'state', actor_person.state,
      'languageCode', actor_person.language_code,
      'hasAccount', actor_account.id is not null,
      'isAdmin', actor_account.is_admin,
      'isCentralCommittee', actor_account.is_central_committee,
      'isSessionRevoked', exists (select 1 from refresh_tokens actor_token where actor_token.chain_id = ${sessionId}::uuid and actor_token.revoked_at is not null),
      'sessionSecondFactor', (select actor_session.second_factor from sign_in_sessions actor_session where actor_session.chain_id = ${sessionId}::uuid),
      'relations', coalesce((
        select json_agg(json_build_object('clubId', r.club_id, 'type', r.type, 'from', r.from_date, 'to', r.to_date)
          order by r.club_id, r.type, r.from_date, r.to_date)
        from club_relations r
        where r.person_id = actor_person.id and r.type in (${roleTypes})
          and r.from_date <= ${today}::date and (r.to_date is null or r.to_date >= ${today}::date)), '[]'::json))::text
    from persons actor_person left join user_accounts actor_account on actor_account.person_id = actor_person.id
    where actor_person.id = ${personId}::uuid)`;
}

/** The loaded actor a text of `actorJson` describes. */
export function parseActor(text: string, key: ActorKey): LoadedActor {
  const row = JSON.parse(text) as ActorRow;
  return {
    actor: {
      personId: key.personId,
      isAdmin: row.isAdmin === true,
      isCentralCommittee: row.isAdmin === true || row.isCentralCommittee === true,
      ...deriveClubRoles(row.relations, key.today),
    },
    hasAccount: row.hasAccount,
    languageCode: languageCodeEnum.is(row.languageCode) ? row.languageCode : defaultLanguageCode,
    isArchived: row.state === EntityState.Archived,
    isSessionRevoked: row.isSessionRevoked,
    sessionSecondFactor: Number(row.sessionSecondFactor ?? 0),
  };
}

/**
 * Every signed-in request asks this (unless its own statement does, `actor-check.ts`), so it is
 * one statement, prepared once per database handle: the driver parses it once per connection.
 */
function prepareActorQuery(db: DbOrTx) {
  return db
    .select({
      actor: actorJson({
        personId: sql.placeholder('personId'),
        today: sql.placeholder('today'),
        sessionId: sql.placeholder('sessionId'),
      }),
    })
    .from(sql`(select 1) as one`)
    .prepare('find_actor');
}

const preparedQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareActorQuery>>();

/** The actor's facts as one JSON text from the current database state; null when the person does not exist. */
export async function findActorText(db: DbOrTx, key: ActorKey): Promise<string | null> {
  let query = preparedQueries.get(db);
  if (!query) {
    query = prepareActorQuery(db);
    preparedQueries.set(db, query);
  }
  const [row] = await query.execute({ personId: key.personId, today: key.today, sessionId: key.sessionId ?? null });
  return row?.actor ?? null;
}

/** A person's roles from the current database state; undefined when the person does not exist. */
export async function findActor(db: DbOrTx, key: ActorKey): Promise<LoadedActor | undefined> {
  const text = await findActorText(db, key);
  return text === null ? undefined : parseActor(text, key);
}
