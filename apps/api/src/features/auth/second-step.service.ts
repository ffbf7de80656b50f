import { EntityState } from '@bpw/domain/enums/entity-state';
import {
  type PasskeyOptions,
  type PasskeySignInBody,
  type SecondFactorBody,
  SecondFactorMethod,
  type SignedIn,
} from '@bpw/domain/second-factors';
import { findActor } from '../../platform/auth/actor.queries';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { AppError } from '../../platform/errors';
import {
  passkeyAuthenticationOptions,
  passkeyFailed,
  verifyPasskeyAssertion,
} from '../second-factors/passkeys.service';
import { checkSecondFactor } from '../second-factors/second-factors.service';
import { recordFirstTermsAcceptance } from '../privacy/consent-log.service';
import { findAccountByPersonId, recordSuccessfulLogin, registerFailedLogin } from './accounts.queries';
import type { AuthDeps, ClientInfo } from './auth-deps';
import { startSession } from './sessions';

/**
 * The second step of a sign-in (docs/decisions/two-factor.md): the password step answers a
 * ticket (a signed token of its own type, valid 5 minutes) instead of tokens; with it and one
 * factor (TOTP code, recovery code or passkey) the sign-in starts. Wrong factors count as failed
 * sign-ins of the account (the same lock as wrong passwords) and the address limit applies.
 */
const TICKET_TTL_SECONDS = 300;

const ticketInvalid = () => new AppError('Unauthorized', ['error.secondFactorTicketInvalid']);
const secondFactorFailed = () => new AppError('Unauthorized', ['error.secondFactorFailed']);

export async function issueSecondFactorTicket(deps: AuthDeps, personId: string): Promise<string> {
  return deps.purposeTokens.sign('second-factor-ticket', { sub: personId }, TICKET_TTL_SECONDS);
}

async function personOfTicket(deps: AuthDeps, ticket: string): Promise<string> {
  const claims = await deps.purposeTokens.verify('second-factor-ticket', ticket);
  if (!claims || typeof claims.sub !== 'string') throw ticketInvalid();
  return claims.sub;
}

/** The account a step signs into: it exists, is not locked, not archived. */
async function requireUsableAccount(deps: AuthDeps, personId: string, options: { ignoreLock: boolean }) {
  const account = await findAccountByPersonId(deps.db, { personId });
  if (!account) throw secondFactorFailed();
  if (!options.ignoreLock && account.lockedUntil !== null && account.lockedUntil > deps.now()) {
    throw secondFactorFailed();
  }
  if (account.state === EntityState.Archived) throw new AppError('Unauthorized', ['error.accountArchived']);
  return account;
}

async function signIn(deps: AuthDeps, personId: string, client: ClientInfo, secondFactor: number): Promise<SignedIn> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Issue 25: her first acceptance of the terms goes to her consent log.
    await recordFirstTermsAcceptance(tx, { personId: personId, at: now });
    await recordSuccessfulLogin(tx, { personId, now });
    const loaded = await findActor(tx, { personId, today: isoDateInSwitzerland(now) });
    if (!loaded) throw secondFactorFailed();
    return startSession(tx, deps, { actor: loaded.actor, client, secondFactor });
  });
}

/** POST auth/second-factor: the ticket and one factor give the tokens. */
export async function completeSecondFactor(
  deps: AuthDeps,
  body: SecondFactorBody,
  client: ClientInfo,
): Promise<SignedIn> {
  const personId = await personOfTicket(deps, body.ticket);
  await requireUsableAccount(deps, personId, { ignoreLock: false });
  const method = await checkSecondFactor(deps, personId, body);
  if (method === undefined) {
    await registerFailedLogin(deps.db, { personId, now: deps.now() });
    throw secondFactorFailed();
  }
  return signIn(deps, personId, client, method);
}

/** POST auth/second-factor/passkey-options: a challenge for one of the ticket holder's passkeys. */
export async function secondFactorPasskeyOptions(deps: AuthDeps, ticket: string): Promise<PasskeyOptions> {
  const personId = await personOfTicket(deps, ticket);
  return passkeyAuthenticationOptions(deps, { purpose: 'second-factor', personId });
}

/** POST auth/passkey-options: a challenge for any passkey of this site (no username yet). */
export async function passkeySignInOptions(deps: AuthDeps): Promise<PasskeyOptions> {
  return passkeyAuthenticationOptions(deps, { purpose: 'sign-in' });
}

/**
 * POST auth/passkey-sign-in: a discoverable passkey with user verification is both factors.
 * A password lock does not stop it (a passkey cannot be guessed); an archived person cannot.
 */
export async function passkeySignIn(deps: AuthDeps, body: PasskeySignInBody, client: ClientInfo): Promise<SignedIn> {
  const personId = await verifyPasskeyAssertion(deps, { ...body, purpose: 'sign-in' });
  if (!personId) throw passkeyFailed();
  await requireUsableAccount(deps, personId, { ignoreLock: true });
  return signIn(deps, personId, client, SecondFactorMethod.passkey);
}
