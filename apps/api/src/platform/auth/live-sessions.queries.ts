import { EntityState } from '@bpw/domain/enums/entity-state';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, userAccounts } from '../../db/schema/accounts';
import { persons } from '../../db/schema/persons';

export type SessionRef = { personId: string; sessionId: string };

/** At most this many ids per statement (PostgreSQL takes 65,535 parameters). */
const CHUNK = 1000;

function chunks<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) result.push(values.slice(i, i + CHUNK));
  return result;
}

/**
 * Of the given sign-ins, those that ended: the chain was revoked (logout, new password, reuse,
 * archive, delete) or the person is archived, deleted or has no account any more. As the auth
 * hook decides it, but for many sessions in two statements per thousand, whatever their number.
 */
export async function findEndedSessions(db: DbOrTx, sessions: readonly SessionRef[]): Promise<Set<string>> {
  const ended = new Set<string>();
  if (sessions.length === 0) return ended;
  const personIds = [...new Set(sessions.map((s) => s.personId))];
  const sessionIds = [...new Set(sessions.map((s) => s.sessionId))];
  const livePersons = new Set<string>();
  for (const ids of chunks(personIds)) {
    const rows = await db
      .select({ id: persons.id })
      .from(persons)
      .innerJoin(userAccounts, eq(userAccounts.personId, persons.id))
      .where(and(inArray(persons.id, ids), ne(persons.state, EntityState.Archived)));
    for (const row of rows) livePersons.add(row.id);
  }
  const revoked = new Set<string>();
  for (const ids of chunks(sessionIds)) {
    const rows = await db
      .selectDistinct({ chainId: refreshTokens.chainId })
      .from(refreshTokens)
      .where(and(inArray(refreshTokens.chainId, ids), isNotNull(refreshTokens.revokedAt)));
    for (const row of rows) revoked.add(row.chainId);
  }
  for (const s of sessions) {
    if (!livePersons.has(s.personId) || revoked.has(s.sessionId)) ended.add(s.sessionId);
  }
  return ended;
}
