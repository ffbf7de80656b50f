import { type ShortListQuery, type SignInSession, describeUserAgent } from '@bpw/domain/second-factors';
import type { AuthContext } from '../../platform/auth/auth-plugin';
import { notFound } from '../../platform/errors';
import { revokeOtherSessions, revokeSession } from '../auth/revoke-sessions.service';
import { countLiveSessions, isLiveSessionOf, listLiveSessions } from './second-factors.queries';
import type { SecondFactorDeps } from './second-factor-deps';

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * GET auth/sessions: the signed-in person's live sign-ins, the latest used first: device (from
 * the user agent), the last address and the last use (sign-in or token renewal).
 */
export async function getSessions(deps: SecondFactorDeps, auth: AuthContext, query: ShortListQuery) {
  const personId = auth.actor.personId;
  const now = deps.now();
  const [rows, total] = await Promise.all([
    listLiveSessions(deps.db, { personId, now, limit: query.PerPage, offset: query.Page * query.PerPage }),
    countLiveSessions(deps.db, { personId, now }),
  ]);
  const items: SignInSession[] = rows.map((row) => ({
    id: row.chainId,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: iso(row.createdAt),
    lastUsedAt: iso(row.lastUsedAt),
    isCurrent: row.chainId === auth.sessionId,
  }));
  return { items, total };
}

/** DELETE auth/sessions/{id}: ends one of her own sign-ins (another person's answers 404). */
export async function endSession(deps: SecondFactorDeps, auth: AuthContext, sessionId: string): Promise<void> {
  const now = deps.now();
  if (!(await isLiveSessionOf(deps.db, { personId: auth.actor.personId, chainId: sessionId, now }))) throw notFound();
  await revokeSession(deps.db, { sessionId, now });
}

/** DELETE auth/sessions: ends every sign-in of hers but this one. */
export async function endOtherSessions(deps: SecondFactorDeps, auth: AuthContext): Promise<void> {
  await revokeOtherSessions(deps.db, { personId: auth.actor.personId, keepSessionId: auth.sessionId, now: deps.now() });
}
