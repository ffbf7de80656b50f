import {
  type ChangePasswordBody,
  PasswordTokenPurpose,
  type ResetPasswordBody,
  type SetPasswordBody,
} from '@bpw/domain/auth-schemas';
import { isCommonPassword } from '@bpw/domain/common-passwords';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { type Actor, canControlAccount, canResetPassword, isOnlyExternal } from '@bpw/domain/permissions';
import { writeAuditEntry } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth/auth-plugin';
import { findPersonAccess } from '../../platform/auth/person-access';
import { hashToken } from '../../platform/auth/secure-tokens';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import {
  type AccountRow,
  findAccountByPersonId,
  findAccountByUsername,
  registerFailedLogin,
  updatePassword,
} from './accounts.queries';
import type { AuthDeps } from './auth-deps';
import { countPasswordTokensSince, closeOpenPasswordTokens, consumePasswordToken } from './password-tokens.queries';
import { mailPasswordLink } from './password-links';
import { revokeChainsOfPerson } from './refresh-tokens.queries';

/** The audit entry of a password change: the field name, never any password material. */
const passwordAudit = (params: { actorPersonId: string; personId: string; now: Date }) => ({
  actorPersonId: params.actorPersonId,
  action: 'updated' as const,
  entity: 'account',
  entityId: params.personId,
  subjectPersonId: params.personId,
  at: params.now,
  details: { fields: ['password'] },
});

/** Anonymous requests mail at most this many links per person and hour (no mail bombing). */
const MAX_LINKS_PER_HOUR = 5;

/** The password rule of spec 01 §5 is in the schema; this adds the refusal of common passwords. */
function refuseCommonPassword(password: string) {
  if (isCommonPassword(password)) throw badRequest({ key: 'error.commonPassword', params: { field: 'password' } });
}

/**
 * POST auth/reset-password. Anonymous (forgot password): always succeeds, and mails a reset link
 * to a known, active account. Signed in for a person the caller may control (canControlAccount:
 * the person screen), the rules of spec 01 §6 with their specific answers, and the welcome
 * template mails an invitation link instead. Every other signed-in request (an unknown address,
 * a person she may not control) is answered exactly as the anonymous one (issue 15): nothing
 * tells an address she may not manage from an unknown one.
 */
export async function requestPasswordReset(deps: AuthDeps, actor: Actor | null, input: ResetPasswordBody) {
  const now = deps.now();
  const account = await findAccountByUsername(deps.db, { username: input.email });
  if (actor && account) {
    const target = await findPersonAccess(deps.db, { personId: account.personId, today: isoDateInSwitzerland(now) });
    if (target && canControlAccount(actor, target)) {
      if (target.id === actor.personId) throw forbidden('error.ownPasswordReset');
      const facts = { ...target, isOnlyExternal: isOnlyExternal(target.relationTypes) };
      if (!canResetPassword(actor, facts)) {
        throw conflict(facts.isArchived ? 'error.personArchived' : 'error.onlyExternal');
      }
      const purpose = input.mailTemplate === 'welcome' ? PasswordTokenPurpose.invitation : PasswordTokenPurpose.reset;
      await mailPasswordLink(deps, { account, purpose });
      return;
    }
  }
  await mailForgottenPasswordLink(deps, account, now);
}

/** The forgot-password flow: a reset link to a known, active account, at most 5 an hour. */
async function mailForgottenPasswordLink(deps: AuthDeps, account: AccountRow, now: Date) {
  if (!account || account.state === EntityState.Archived) return;
  const recent = await countPasswordTokensSince(deps.db, {
    personId: account.personId,
    since: new Date(now.getTime() - 3600_000),
  });
  if (recent >= MAX_LINKS_PER_HOUR) return;
  await mailPasswordLink(deps, { account, purpose: PasswordTokenPurpose.reset });
}

/**
 * POST auth/set-password: the mailed link's page. Uses the link once, sets the password, lifts a
 * sign-in lock and ends every session of the person.
 */
export async function setPasswordWithLink(deps: AuthDeps, input: SetPasswordBody) {
  refuseCommonPassword(input.password);
  const now = deps.now();
  const passwordHash = await hashPassword(input.password);
  const isDone = await deps.db.transaction(async (tx) => {
    const link = await consumePasswordToken(tx, { tokenHash: hashToken(input.token), now });
    if (!link) return false;
    const account = await findAccountByPersonId(tx, { personId: link.personId });
    if (!account || account.state === EntityState.Archived) return false;
    await updatePassword(tx, { personId: link.personId, passwordHash, now });
    await closeOpenPasswordTokens(tx, { personId: link.personId, now });
    // She set it herself through the link (mailed on her request or an admin's).
    await writeAuditEntry(tx, passwordAudit({ actorPersonId: link.personId, personId: link.personId, now }));
    await revokeChainsOfPerson(tx, { personId: link.personId, now });
    return true;
  });
  if (!isDone) throw badRequest('error.linkInvalid');
}

/**
 * POST auth/change-password: the own password (needs the current one) or another person's under
 * the credential rule (canControlAccount, docs/decisions/credentials.md). Never for an archived
 * person. Ends the person's other sessions and her open password links.
 */
export async function changePassword(deps: AuthDeps, auth: AuthContext, input: ChangePasswordBody) {
  const now = deps.now();
  const target = await findPersonAccess(deps.db, { personId: input.userId, today: isoDateInSwitzerland(now) });
  if (!target) throw notFound();
  if (!canControlAccount(auth.actor, target)) throw forbidden();
  if (target.isArchived) throw conflict('error.personArchived');
  const account = await findAccountByPersonId(deps.db, { personId: target.id });
  if (!account) throw notFound();
  refuseCommonPassword(input.password);

  const isOwn = target.id === auth.actor.personId;
  if (isOwn) {
    if (!input.currentPassword) throw badRequest({ key: 'validation.required', params: { field: 'currentPassword' } });
    const isLocked = account.lockedUntil !== null && account.lockedUntil > now;
    const isCorrect = account.passwordHash ? await verifyPassword(account.passwordHash, input.currentPassword) : false;
    if (!isCorrect || isLocked) {
      // Guessing through this call counts like guessing at sign-in.
      if (!isLocked) await registerFailedLogin(deps.db, { personId: target.id, now });
      throw new AppError('BadRequest', ['error.currentPasswordWrong']);
    }
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await updatePassword(tx, { personId: target.id, passwordHash, now });
    await closeOpenPasswordTokens(tx, { personId: target.id, now });
    await writeAuditEntry(tx, passwordAudit({ actorPersonId: auth.actor.personId, personId: target.id, now }));
    await revokeChainsOfPerson(tx, {
      personId: target.id,
      now,
      ...(isOwn ? { exceptChainId: auth.sessionId } : {}),
    });
  });
}

/**
 * Issue 25: she confirms a request of her own (her erasure) with her password. A wrong one, or
 * one during a lock, is refused like a wrong current password and counts as a failed sign-in.
 */
export async function verifyOwnPassword(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  params: { personId: string; password: string },
): Promise<{ firstname: string | null; lastname: string }> {
  const now = deps.now();
  const account = await findAccountByPersonId(deps.db, { personId: params.personId });
  if (!account) throw notFound();
  const isLocked = account.lockedUntil !== null && account.lockedUntil > now;
  const isCorrect = account.passwordHash ? await verifyPassword(account.passwordHash, params.password) : false;
  if (!isCorrect || isLocked) {
    if (!isLocked) await registerFailedLogin(deps.db, { personId: params.personId, now });
    throw new AppError('BadRequest', ['error.currentPasswordWrong']);
  }
  return { firstname: account.firstname, lastname: account.lastname };
}
