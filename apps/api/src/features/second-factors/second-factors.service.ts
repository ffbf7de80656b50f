import { EntityState } from '@bpw/domain/enums/entity-state';
import { defaultLanguageCode, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import type { Actor } from '@bpw/domain/actor';
import {
  type RecoveryCodes,
  type SecondFactorBody,
  type SecondFactorChoice,
  SecondFactorMethod,
  type SecondFactorStatus,
  type TotpSetup,
  needsSecondFactor,
} from '@bpw/domain/second-factors';
import type { AuthContext } from '../../platform/auth/auth-plugin';
import { hashToken } from '../../platform/auth/secure-tokens';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { markSessionSecondFactor, revokeAllSessions } from '../auth/revoke-sessions.service';
import { verifyPasskeyAssertion } from './passkeys.service';
import {
  claimTotpStep,
  countSecondFactors,
  deletePasskeysOf,
  deleteRecoveryCodes,
  deleteTotp,
  findAccountFacts,
  findTotp,
  upsertPendingTotp,
  useRecoveryCode,
} from './second-factors.queries';
import { newRecoveryCodes, writeFactorAudit } from './factor-records';
import type { SecondFactorDeps } from './second-factor-deps';
import { renderSecondFactorResetMail } from './second-factor-mails';
import { matchTotpStep, newTotpSecret, normalisedRecoveryCode, totpQrCode, totpUri } from './totp';

/** Whether the setting asks this person for a second factor (docs/decisions/two-factor.md). */
const isRequiredFor = (deps: SecondFactorDeps, actor: Actor) =>
  deps.config.secondFactorRequired && needsSecondFactor(actor);

/** GET auth/second-factors: what the signed-in person has set up. */
export async function getSecondFactorStatus(deps: SecondFactorDeps, auth: AuthContext): Promise<SecondFactorStatus> {
  const counts = await countSecondFactors(deps.db, { personId: auth.actor.personId });
  return { ...counts, isRequired: isRequiredFor(deps, auth.actor) };
}

/** POST auth/totp/setup: a new secret to scan; replaces one not yet confirmed. */
export async function startTotpSetup(deps: SecondFactorDeps, auth: AuthContext): Promise<TotpSetup> {
  const personId = auth.actor.personId;
  const account = await findAccountFacts(deps.db, { personId });
  if (!account) throw notFound();
  const secret = newTotpSecret();
  if (!(await upsertPendingTotp(deps.db, { personId, secret, now: deps.now() }))) {
    throw conflict('error.totpAlreadySet');
  }
  const otpauthUri = totpUri(secret, account.username);
  return { secret, otpauthUri, qrCode: await totpQrCode(otpauthUri) };
}

/**
 * POST auth/totp/confirm: the first code from the app confirms the set-up. Answers ten new
 * recovery codes (shown once); the sign-in it happens in counts as having passed TOTP.
 */
export async function confirmTotpSetup(
  deps: SecondFactorDeps,
  auth: AuthContext,
  code: string,
): Promise<RecoveryCodes> {
  const personId = auth.actor.personId;
  const now = deps.now();
  const totp = await findTotp(deps.db, { personId });
  if (!totp) throw conflict('error.totpNotStarted');
  if (totp.confirmedAt) throw conflict('error.totpAlreadySet');
  const step = await matchTotpStep(totp.secret, code, now);
  if (step === undefined) throw conflict('error.totpCodeWrong');
  return deps.db.transaction(async (tx) => {
    if (!(await claimTotpStep(tx, { personId, step, confirmAt: now, mustBeConfirmed: false }))) {
      throw conflict('error.totpCodeWrong');
    }
    if (auth.secondFactor === SecondFactorMethod.none) {
      await markSessionSecondFactor(tx, { sessionId: auth.sessionId, secondFactor: SecondFactorMethod.totp });
    }
    await writeFactorAudit(tx, { actorPersonId: personId, personId, now, change: 'totpAdded' });
    return newRecoveryCodes(tx, { personId, now });
  });
}

/**
 * Removing the last second factor is refused while the setting requires one for her role; with
 * the last one, the recovery codes go too.
 */
async function refuseLastRequiredFactor(deps: SecondFactorDeps, auth: AuthContext, remaining: number) {
  if (remaining === 0 && isRequiredFor(deps, auth.actor)) throw conflict('error.secondFactorStillRequired');
}

/** DELETE auth/totp: needs a current code (whoever took over an open session cannot). */
export async function removeTotp(deps: SecondFactorDeps, auth: AuthContext, code: string): Promise<void> {
  const personId = auth.actor.personId;
  const now = deps.now();
  const totp = await findTotp(deps.db, { personId });
  if (!totp?.confirmedAt) throw notFound();
  const counts = await countSecondFactors(deps.db, { personId });
  await refuseLastRequiredFactor(deps, auth, counts.passkeyCount);
  const step = await matchTotpStep(totp.secret, code, now);
  if (step === undefined) throw conflict('error.totpCodeWrong');
  await deps.db.transaction(async (tx) => {
    if (!(await claimTotpStep(tx, { personId, step, mustBeConfirmed: true }))) throw conflict('error.totpCodeWrong');
    await deleteTotp(tx, { personId });
    if (counts.passkeyCount === 0) await deleteRecoveryCodes(tx, { personId });
    await writeFactorAudit(tx, { actorPersonId: personId, personId, now, change: 'totpRemoved' });
  });
}

/** POST auth/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(deps: SecondFactorDeps, auth: AuthContext): Promise<RecoveryCodes> {
  const personId = auth.actor.personId;
  const counts = await countSecondFactors(deps.db, { personId });
  if (!counts.hasTotp && counts.passkeyCount === 0) throw conflict('error.noSecondFactor');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await writeFactorAudit(tx, { actorPersonId: personId, personId, now, change: 'recoveryCodesRenewed' });
    return newRecoveryCodes(tx, { personId, now });
  });
}

/**
 * POST auth/reset-second-factor: an admin removes every second factor of another person (TOTP,
 * recovery codes, passkeys), ends her sign-ins, and she is told by mail. Audited.
 */
export async function resetSecondFactor(deps: SecondFactorDeps, actor: Actor, personId: string): Promise<void> {
  if (!actor.isAdmin) throw forbidden();
  if (personId === actor.personId) throw forbidden('error.ownSecondFactorReset');
  const account = await findAccountFacts(deps.db, { personId });
  if (!account) throw notFound();
  if (account.state === EntityState.Archived) throw conflict('error.personArchived');
  const now = deps.now();
  const language = languageCodeEnum.is(account.languageCode) ? account.languageCode : defaultLanguageCode;
  await deps.db.transaction(async (tx) => {
    await deleteTotp(tx, { personId });
    await deleteRecoveryCodes(tx, { personId });
    await deletePasskeysOf(tx, { personId });
    await revokeAllSessions(tx, { personId, now });
    await writeFactorAudit(tx, { actorPersonId: actor.personId, personId, now, change: 'reset' });
    await queueMail(
      tx,
      renderSecondFactorResetMail(localeOfLanguage[language], {
        to: account.username,
        name: [account.firstname, account.lastname].filter(Boolean).join(' '),
        loginLink: `${deps.config.publicUrl}/login`,
      }),
    );
  });
  deps.outbox.kick();
}

// ---- the second step of a sign-in (auth feature) ----

/** The ways this person can pass her second factor; empty when she has none. */
export async function secondFactorChoicesOf(deps: SecondFactorDeps, personId: string): Promise<SecondFactorChoice[]> {
  const counts = await countSecondFactors(deps.db, { personId });
  const choices: SecondFactorChoice[] = [];
  if (counts.hasTotp) choices.push('totp');
  if (counts.passkeyCount > 0) choices.push('passkey');
  if (choices.length > 0 && counts.recoveryCodesLeft > 0) choices.push('recoveryCode');
  return choices;
}

/** Checks the factor of POST auth/second-factor; the method it passed, or undefined. */
export async function checkSecondFactor(
  deps: SecondFactorDeps,
  personId: string,
  body: SecondFactorBody,
): Promise<SecondFactorMethod | undefined> {
  const now = deps.now();
  if (body.totpCode !== undefined) {
    const totp = await findTotp(deps.db, { personId });
    if (!totp?.confirmedAt) return undefined;
    const step = await matchTotpStep(totp.secret, body.totpCode, now);
    if (step === undefined) return undefined;
    const claimed = await claimTotpStep(deps.db, { personId, step, mustBeConfirmed: true });
    return claimed ? SecondFactorMethod.totp : undefined;
  }
  if (body.recoveryCode !== undefined) {
    const used = await useRecoveryCode(deps.db, {
      personId,
      codeHash: hashToken(normalisedRecoveryCode(body.recoveryCode)),
      now,
    });
    return used ? SecondFactorMethod.recoveryCode : undefined;
  }
  if (body.passkey !== undefined) {
    const passed = await verifyPasskeyAssertion(deps, { ...body.passkey, purpose: 'second-factor', personId });
    return passed ? SecondFactorMethod.passkey : undefined;
  }
  return undefined;
}
