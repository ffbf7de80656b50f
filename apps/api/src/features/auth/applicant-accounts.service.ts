import { PasswordTokenPurpose } from '@bpw/domain/auth-schemas';
import type { Tx } from '../../db/client';
import { findAccountByPersonId, findAccountByUsername, insertAccountWithoutPassword } from './accounts.queries';
import type { AuthDeps } from './auth-deps';
import { queuePasswordLink } from './password-links';

export type ApplicantAccountOutcome = 'invited' | 'hasPassword' | 'usernameTaken';

/**
 * An accepted membership application (issue 25), in the acceptance's transaction: the person gets
 * an account named by her e-mail address (unless she has one, or another person's account has
 * that name) with the terms she accepted when applying, and, while she has no password, the
 * welcome invitation link (valid 7 days) to set one. The caller kicks the outbox after commit.
 */
export async function inviteAcceptedApplicant(
  deps: Pick<AuthDeps, 'now' | 'config'>,
  tx: Tx,
  params: { personId: string; email: string; acceptedTermsAt: Date },
): Promise<ApplicantAccountOutcome> {
  let account = await findAccountByPersonId(tx, { personId: params.personId });
  if (!account) {
    if (await findAccountByUsername(tx, { username: params.email })) return 'usernameTaken';
    await insertAccountWithoutPassword(tx, {
      personId: params.personId,
      username: params.email,
      acceptedTermsAt: params.acceptedTermsAt,
      now: deps.now(),
    });
    account = (await findAccountByPersonId(tx, { personId: params.personId }))!;
  }
  if (account.passwordHash !== null) return 'hasPassword';
  await queuePasswordLink(deps, tx, { account, purpose: PasswordTokenPurpose.invitation });
  return 'invited';
}
