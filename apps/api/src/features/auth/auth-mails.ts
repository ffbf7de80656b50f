import type { Locale } from '@bpw/domain/enums/language';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';

export type PasswordMailKind = 'resetPassword' | 'welcome';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * The mail with a single-use link to set a password, in the recipient's language: reset (valid
 * 1 hour) or welcome invitation (valid 7 days). Texts come from the shared message files; the
 * HTML part escapes every paragraph as a whole, names and addresses included.
 */
export function renderPasswordMail(
  kind: PasswordMailKind,
  locale: Locale,
  params: { to: string; name: string; username: string; link: string },
): QueuedMail {
  const t = (key: string, values: Record<string, string> = {}) => translate(locale, key, values);
  const before = [t('mail.greeting', { name: params.name }), t(`mail.${kind}.intro`, { username: params.username })];
  const after = [
    t(`mail.${kind}.validity`),
    ...(kind === 'resetPassword' ? [t('mail.resetPassword.ignore')] : []),
    t('mail.signature'),
  ];
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const button = `<p><a href="${escapeHtml(params.link)}">${escapeHtml(t(`mail.${kind}.action`))}</a></p>`;
  return {
    to: params.to,
    subject: t(`mail.${kind}.subject`),
    text: [...before, params.link, ...after].join('\n\n'),
    html: [
      `<!doctype html>`,
      `<html lang="${locale}"><body>`,
      ...before.map(paragraph),
      button,
      ...after.map(paragraph),
      `</body></html>`,
    ].join('\n'),
  };
}
