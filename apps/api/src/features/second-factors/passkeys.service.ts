import {
  type Passkey,
  type PasskeyOptions,
  type RegisterPasskeyBody,
  SecondFactorMethod,
  type ShortListQuery,
  needsSecondFactor,
} from '@bpw/domain/second-factors';
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthContext } from '../../platform/auth/auth-plugin';
import { hashToken } from '../../platform/auth/secure-tokens';
import { AppError, conflict, notFound } from '../../platform/errors';
import { markSessionSecondFactor } from '../auth/revoke-sessions.service';
import { writeFactorAudit } from './factor-records';
import {
  claimWebauthnChallenge,
  countPasskeys,
  countSecondFactors,
  deletePasskey,
  findAccountFacts,
  findPasskeyByCredentialId,
  insertPasskey,
  listCredentialIds,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
} from './second-factors.queries';
import type { SecondFactorDeps } from './second-factor-deps';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server). The challenge of a ceremony travels in a signed
 * token of its own type (no row per offered challenge: the login page asks for one on every
 * visit); an answered challenge is recorded until it expires, so it works once.
 */
type CeremonyPurpose = 'register' | 'sign-in' | 'second-factor';

const CHALLENGE_TTL_SECONDS = 300;
const RP_NAME = 'BPW Club Manager';
/** A person registers at most this many passkeys (every allow list stays short). */
const MAX_PASSKEYS = 20;

const passkeyFailed = () => new AppError('Unauthorized', ['error.passkeyFailed']);

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const transportsOf = (value: string) => (value ? value.split(',') : []);

function toPasskey(row: {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  isBackedUp: boolean;
}): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.createdAt),
    lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
    isBackedUp: row.isBackedUp,
  };
}

async function challengeTokenFor(
  deps: SecondFactorDeps,
  params: { challenge: string; purpose: CeremonyPurpose; personId?: string },
) {
  return deps.purposeTokens.sign(
    'webauthn-challenge',
    { challenge: params.challenge, purpose: params.purpose, ...(params.personId ? { sub: params.personId } : {}) },
    CHALLENGE_TTL_SECONDS,
  );
}

/** The challenge of a valid token of that purpose (and person), used now for the first time. */
async function redeemChallenge(
  deps: SecondFactorDeps,
  params: { challengeToken: string; purpose: CeremonyPurpose; personId?: string },
): Promise<string | undefined> {
  const claims = await deps.purposeTokens.verify('webauthn-challenge', params.challengeToken);
  if (!claims || claims.purpose !== params.purpose || typeof claims.challenge !== 'string') return undefined;
  if (params.personId !== undefined && claims.sub !== params.personId) return undefined;
  const isFirstUse = await claimWebauthnChallenge(deps.db, {
    challengeHash: hashToken(claims.challenge),
    expiresAt: new Date(claims.exp * 1000),
    now: deps.now(),
  });
  return isFirstUse ? claims.challenge : undefined;
}

/** POST auth/passkeys/options: creation options for a new passkey of the signed-in person. */
export async function passkeyRegistrationOptions(deps: SecondFactorDeps, auth: AuthContext): Promise<PasskeyOptions> {
  const personId = auth.actor.personId;
  const account = await findAccountFacts(deps.db, { personId });
  if (!account) throw notFound();
  const existing = await listCredentialIds(deps.db, { personId, limit: MAX_PASSKEYS });
  if (existing.length >= MAX_PASSKEYS) throw conflict('error.tooManyPasskeys');
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: deps.config.webauthnRpId,
    userName: account.username,
    userID: new TextEncoder().encode(personId),
    userDisplayName: [account.firstname, account.lastname].filter(Boolean).join(' ') || account.username,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })),
    // Discoverable, so the passkey signs in without a username; verified by PIN or biometrics.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeToken = await challengeTokenFor(deps, { challenge: options.challenge, purpose: 'register', personId });
  return { challengeToken, options: options as unknown as Record<string, unknown> };
}

/** POST auth/passkeys: keeps the new passkey under the name she gave it. */
export async function registerPasskey(
  deps: SecondFactorDeps,
  auth: AuthContext,
  body: RegisterPasskeyBody,
): Promise<Passkey> {
  const personId = auth.actor.personId;
  const challenge = await redeemChallenge(deps, { challengeToken: body.challengeToken, purpose: 'register', personId });
  if (!challenge) throw conflict('error.passkeyCeremonyExpired');
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: body.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: deps.config.webauthnOrigins,
      expectedRPID: deps.config.webauthnRpId,
      requireUserVerification: true,
    });
  } catch {
    throw conflict('error.passkeyInvalid');
  }
  if (!verification.verified) throw conflict('error.passkeyInvalid');
  const { credential, credentialBackedUp } = verification.registrationInfo;
  if ((await countPasskeys(deps.db, { personId })) >= MAX_PASSKEYS) throw conflict('error.tooManyPasskeys');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertPasskey(tx, {
      personId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      name: body.name,
      isBackedUp: credentialBackedUp,
      now,
    });
    if (!row) throw conflict('error.passkeyExists');
    if (auth.secondFactor === SecondFactorMethod.none) {
      await markSessionSecondFactor(tx, { sessionId: auth.sessionId, secondFactor: SecondFactorMethod.passkey });
    }
    await writeFactorAudit(tx, { actorPersonId: personId, personId, now, change: 'passkeyAdded' });
    return toPasskey(row);
  });
}

/** GET auth/passkeys: the signed-in person's passkeys, oldest first. */
export async function getPasskeys(deps: SecondFactorDeps, auth: AuthContext, query: ShortListQuery) {
  const personId = auth.actor.personId;
  const [rows, total] = await Promise.all([
    listPasskeys(deps.db, { personId, limit: query.PerPage, offset: query.Page * query.PerPage }),
    countPasskeys(deps.db, { personId }),
  ]);
  return { items: rows.map(toPasskey), total };
}

/** PUT auth/passkeys/{id}: a new name; only her own (others' answer 404). */
export async function updatePasskeyName(
  deps: SecondFactorDeps,
  auth: AuthContext,
  id: string,
  name: string,
): Promise<Passkey> {
  const row = await renamePasskey(deps.db, { id, personId: auth.actor.personId, name });
  if (!row) throw notFound();
  return toPasskey(row);
}

/** DELETE auth/passkeys/{id}: not the last second factor while her role requires one. */
export async function removePasskey(deps: SecondFactorDeps, auth: AuthContext, id: string): Promise<void> {
  const personId = auth.actor.personId;
  const counts = await countSecondFactors(deps.db, { personId });
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, { id, personId }))) throw notFound();
    const remaining = counts.passkeyCount - 1 + (counts.hasTotp ? 1 : 0);
    if (remaining === 0 && deps.config.secondFactorRequired && needsSecondFactor(auth.actor)) {
      throw conflict('error.secondFactorStillRequired');
    }
    await writeFactorAudit(tx, { actorPersonId: personId, personId, now, change: 'passkeyRemoved' });
  });
}

/** Request options: discoverable (any passkey of this site) or the passkeys of one person. */
export async function passkeyAuthenticationOptions(
  deps: SecondFactorDeps,
  params: { purpose: 'sign-in' } | { purpose: 'second-factor'; personId: string },
): Promise<PasskeyOptions> {
  const allow =
    params.purpose === 'second-factor'
      ? await listCredentialIds(deps.db, { personId: params.personId, limit: MAX_PASSKEYS })
      : [];
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthnRpId,
    userVerification: 'required',
    ...(allow.length > 0
      ? { allowCredentials: allow.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })) }
      : {}),
  });
  const challengeToken = await challengeTokenFor(deps, {
    challenge: options.challenge,
    purpose: params.purpose,
    ...(params.purpose === 'second-factor' ? { personId: params.personId } : {}),
  });
  return { challengeToken, options: options as unknown as Record<string, unknown> };
}

/**
 * Verifies a passkey assertion: the challenge is ours and fresh, the credential known (and the
 * person's, for a second factor), the signature and the user verification hold. The person
 * whose passkey it is, or undefined.
 */
export async function verifyPasskeyAssertion(
  deps: SecondFactorDeps,
  params: {
    challengeToken: string;
    credential: Record<string, unknown>;
    purpose: 'sign-in' | 'second-factor';
    personId?: string;
  },
): Promise<string | undefined> {
  const challenge = await redeemChallenge(deps, {
    challengeToken: params.challengeToken,
    purpose: params.purpose,
    ...(params.personId ? { personId: params.personId } : {}),
  });
  if (!challenge) return undefined;
  const response = params.credential as unknown as AuthenticationResponseJSON;
  if (typeof response.id !== 'string') return undefined;
  const passkey = await findPasskeyByCredentialId(deps.db, { credentialId: response.id });
  if (!passkey || (params.personId !== undefined && passkey.personId !== params.personId)) return undefined;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.config.webauthnOrigins,
      expectedRPID: deps.config.webauthnRpId,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch {
    return undefined;
  }
  if (!verification.verified) return undefined;
  await recordPasskeyUse(deps.db, {
    id: passkey.id,
    counter: verification.authenticationInfo.newCounter,
    now: deps.now(),
  });
  return passkey.personId;
}

export { passkeyFailed };
