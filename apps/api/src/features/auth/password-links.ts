import { PasswordTokenPurpose } from '@bpw/domain/auth-schemas';
import { defaultLanguageCode, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import type { DbOrTx } from '../../db/client';
import { hashToken, newOpaqueToken } from '../../platform/auth/secure-tokens';
import { queueMail } from '../../platform/mail/outbox';
import type { AccountRow } from './accounts.queries';
import type { AuthDeps } from './auth-deps';
import { renderPasswordMail } from './auth-mails';
import { closeOpenPasswordTokens, insertPasswordToken } from './password-tokens.queries';

/** DESIGN "Where we deliberately go past the spec": reset links live 1 hour, invitations 7 days. */
export const LINK_LIFETIME_MS = {
  [PasswordTokenPurpose.reset]: 3600_000,
  [PasswordTokenPurpose.invitation]: 7 * 24 * 3600_000,
} as const;

/**
 * Stores a single-use link (only its hash) and queues the mail in the same transaction, in the
 * person's language; the outbox sends it after commit. The account itself stays unchanged; the
 * person's older open links end (only the newest link works).
 */
export async function mailPasswordLink(
  deps: AuthDeps,
  params: { account: NonNullable<AccountRow>; purpose: PasswordTokenPurpose },
) {
  await deps.db.transaction((tx) => queuePasswordLink(deps, tx, params));
  deps.outbox.kick();
}

/** mailPasswordLink inside the caller's transaction (the caller kicks the outbox after commit). */
export async function queuePasswordLink(
  deps: Pick<AuthDeps, 'now' | 'config'>,
  tx: DbOrTx,
  params: { account: NonNullable<AccountRow>; purpose: PasswordTokenPurpose },
) {
  const { account, purpose } = params;
  const now = deps.now();
  const token = newOpaqueToken();
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const language = languageCodeEnum.is(account.languageCode) ? account.languageCode : defaultLanguageCode;
  const mail = renderPasswordMail(
    purpose === PasswordTokenPurpose.invitation ? 'welcome' : 'resetPassword',
    localeOfLanguage[language],
    {
      to: account.username,
      name: [account.firstname, account.lastname].filter(Boolean).join(' '),
      username: account.username,
      link,
    },
  );
  await closeOpenPasswordTokens(tx, { personId: account.personId, now });
  await insertPasswordToken(tx, {
    personId: account.personId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
    now,
  });
  await queueMail(tx, mail);
}
