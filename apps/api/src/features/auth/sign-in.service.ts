import type { AuthTokens, AuthenticateBody, LogoutBody, RefreshBody } from '@bpw/domain/auth-schemas';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { SecondFactorMethod, type SignInAnswer, needsSecondFactor } from '@bpw/domain/second-factors';
import { findActor } from '../../platform/auth/actor.queries';
import { hashToken } from '../../platform/auth/secure-tokens';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { AppError } from '../../platform/errors';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords';
import { recordFirstTermsAcceptance } from '../privacy/consent-log.service';
import { findAccountByUsername, recordSuccessfulLogin, registerFailedLogin } from './accounts.queries';
import type { AuthDeps, ClientInfo } from './auth-deps';
import { claimRefreshToken, findRefreshToken, revokeChain } from './refresh-tokens.queries';
import { secondFactorChoicesOf } from '../second-factors/second-factors.service';
import { issueSecondFactorTicket } from './second-step.service';
import { continueSession, startSession } from './sessions';

/** One answer for unknown user, wrong password and locked account: nothing to enumerate. */
const loginFailed = () => new AppError('Unauthorized', ['error.loginFailed']);
const sessionEnded = () => new AppError('Unauthorized', ['error.sessionEnded']);

/** POST auth/authenticate (spec 01 §7). */
export async function authenticate(deps: AuthDeps, input: AuthenticateBody, client: ClientInfo): Promise<SignInAnswer> {
  const now = deps.now();
  const account = await findAccountByUsername(deps.db, { username: input.username });
  // Unknown users are verified against a dummy hash, so every refusal takes the same time.
  const isPasswordValid = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!account?.passwordHash) throw loginFailed();
  const isLocked = account.lockedUntil !== null && account.lockedUntil > now;
  if (isLocked) throw loginFailed(); // failures while locked do not lengthen the lock
  if (!isPasswordValid) {
    await registerFailedLogin(deps.db, { personId: account.personId, now });
    throw loginFailed();
  }
  // Only after the right password: saying "archived" then reveals nothing to a guesser.
  if (account.state === EntityState.Archived) throw new AppError('Unauthorized', ['error.accountArchived']);

  // A person with a second factor takes a second step; the failure count stays until she passes it.
  const choices = await secondFactorChoicesOf(deps, account.personId);
  if (choices.length > 0) {
    return { secondFactorTicket: await issueSecondFactorTicket(deps, account.personId), secondFactorMethods: choices };
  }

  return deps.db.transaction(async (tx) => {
    // Issue 25: her first acceptance of the terms goes to her consent log.
    await recordFirstTermsAcceptance(tx, { personId: account.personId, at: now });
    await recordSuccessfulLogin(tx, { personId: account.personId, now });
    const loaded = await findActor(tx, { personId: account.personId, today: isoDateInSwitzerland(now) });
    if (!loaded) throw loginFailed();
    const tokens = await startSession(tx, deps, { actor: loaded.actor, client, secondFactor: SecondFactorMethod.none });
    // docs/decisions/two-factor.md: this sign-in reaches only the set-up of a second factor.
    const mustSetUp = deps.config.secondFactorRequired && needsSecondFactor(loaded.actor);
    return mustSetUp ? { ...tokens, secondFactorSetupRequired: true } : tokens;
  });
}

/**
 * POST auth/refresh: rotates the refresh token. A token used a second time means it was copied:
 * the whole chain (and every access token of it) ends. An archived or deleted person's chain ends.
 */
export async function refreshSession(deps: AuthDeps, input: RefreshBody, client: ClientInfo): Promise<AuthTokens> {
  const now = deps.now();
  const previous = await deps.accessTokens.verifyIgnoringExpiry(input.jwtToken);
  if (!previous) throw sessionEnded();
  const tokenHash = hashToken(input.refreshToken);

  const tokens = await deps.db.transaction(async (tx) => {
    const claimed = await claimRefreshToken(tx, { tokenHash, personId: previous.personId, now });
    if (!claimed) {
      const known = await findRefreshToken(tx, { tokenHash });
      if (known?.usedAt && !known.revokedAt) await revokeChain(tx, { chainId: known.chainId, now });
      return undefined;
    }
    const loaded = await findActor(tx, { personId: claimed.personId, today: isoDateInSwitzerland(now) });
    if (!loaded?.hasAccount || loaded.isArchived) {
      await revokeChain(tx, { chainId: claimed.chainId, now });
      return undefined;
    }
    return continueSession(tx, deps, {
      actor: loaded.actor,
      chainId: claimed.chainId,
      parentId: claimed.id,
      expiresAt: claimed.expiresAt,
      client,
    });
  });
  if (!tokens) throw sessionEnded();
  return tokens;
}

/**
 * POST auth/logout: ends the sign-in named by the refresh token and/or by the (possibly expired)
 * bearer token, when they belong to `userId`. Always succeeds: the client forgets its tokens anyway.
 */
export async function logout(deps: AuthDeps, input: LogoutBody, bearerToken: string | undefined): Promise<void> {
  const now = deps.now();
  const chainIds = new Set<string>();
  if (input.refreshToken) {
    const known = await findRefreshToken(deps.db, { tokenHash: hashToken(input.refreshToken) });
    if (known && known.personId === input.userId) chainIds.add(known.chainId);
  }
  if (bearerToken) {
    const verified = await deps.accessTokens.verifyIgnoringExpiry(bearerToken);
    if (verified && verified.personId === input.userId) chainIds.add(verified.sessionId);
  }
  for (const chainId of chainIds) await revokeChain(deps.db, { chainId, now });
}
