import { randomUUID } from 'node:crypto';
import type { AuthTokens } from '@bpw/domain/auth-schemas';
import type { Actor } from '@bpw/domain/actor';
import type { DbOrTx } from '../../db/client';
import { newOpaqueToken, hashToken } from '../../platform/auth/secure-tokens';
import type { AuthDeps, ClientInfo } from './auth-deps';
import { insertRefreshToken } from './refresh-tokens.queries';
import { insertSignInSession, touchSignInSession } from './sign-in-sessions.queries';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Starts a refresh chain (one sign-in): its first token, valid REFRESH_TOKEN_TTL_DAYS from now;
 * every successor keeps this absolute end. The chain id is the access token's `sid`.
 */
export async function startSession(
  tx: DbOrTx,
  deps: AuthDeps,
  /** secondFactor: the SecondFactorMethod this sign-in passed (0 the password only). */
  params: { actor: Actor; client: ClientInfo; secondFactor: number },
): Promise<AuthTokens> {
  const now = deps.now();
  const chainId = randomUUID();
  const refreshToken = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + deps.config.refreshTokenTtlDays * DAY_MS);
  await insertRefreshToken(tx, {
    personId: params.actor.personId,
    chainId,
    tokenHash: hashToken(refreshToken),
    parentId: null,
    expiresAt,
    now,
    userAgent: params.client.userAgent,
  });
  await insertSignInSession(tx, {
    chainId,
    personId: params.actor.personId,
    now,
    expiresAt,
    userAgent: params.client.userAgent,
    ipAddress: params.client.ipAddress,
    secondFactor: params.secondFactor,
  });
  return { token: await deps.accessTokens.sign(params.actor, chainId), refreshToken };
}

/** The successor of a used refresh token: same chain, same absolute end. */
export async function continueSession(
  tx: DbOrTx,
  deps: AuthDeps,
  params: { actor: Actor; chainId: string; parentId: string; expiresAt: Date; client: ClientInfo },
): Promise<AuthTokens> {
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(tx, {
    personId: params.actor.personId,
    chainId: params.chainId,
    tokenHash: hashToken(refreshToken),
    parentId: params.parentId,
    expiresAt: params.expiresAt,
    now: deps.now(),
    userAgent: params.client.userAgent,
  });
  await touchSignInSession(tx, { chainId: params.chainId, now: deps.now(), ...params.client });
  return { token: await deps.accessTokens.sign(params.actor, params.chainId), refreshToken };
}
