import type { Locale } from '@bpw/domain/enums/language';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The mail telling a person that an administrator removed her second factors (issue 21). */
export function renderSecondFactorResetMail(
  locale: Locale,
  params: { to: string; name: string; loginLink: string },
): QueuedMail {
  const t = (key: string, values: Record<string, string> = {}) => translate(locale, key, values);
  const paragraphs = [
    t('mail.greeting', { name: params.name }),
    t('mail.secondFactorReset.intro'),
    t('mail.secondFactorReset.next'),
    t('mail.secondFactorReset.notYou'),
  ];
  return {
    to: params.to,
    subject: t('mail.secondFactorReset.subject'),
    text: [...paragraphs, params.loginLink, t('mail.signature')].join('\n\n'),
    html: [
      `<!doctype html>`,
      `<html lang="${locale}"><body>`,
      ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
      `<p><a href="${escapeHtml(params.loginLink)}">${escapeHtml(params.loginLink)}</a></p>`,
      `<p>${escapeHtml(t('mail.signature'))}</p>`,
      `</body></html>`,
    ].join('\n'),
  };
}
