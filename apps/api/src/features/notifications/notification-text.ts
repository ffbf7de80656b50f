import { type LanguageCode, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { type NotificationType, notificationTypeEnum } from '@bpw/domain/enums/notification';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';

export type TextParams = Record<string, string | number>;

/**
 * What a notification says. By default the message keys `notification.<TypeName>.title` and
 * `.content`; or other keys; or texts per language written by the caller (content templates may
 * hold {{name}} placeholders). Params are filled in; in the HTML content each one is escaped.
 */
export type NotificationText = {
  titleKey?: string;
  contentKey?: string;
  byLanguage?: Partial<Record<LanguageCode, { title: string; content: string }>>;
  params?: TextParams;
};

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const escapeParams = (params: TextParams) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(String(v))]));

const fill = (template: string, params: TextParams) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));

export const languageOf = (code: string): LanguageCode => (languageCodeEnum.is(code) ? code : 'de');

/** The title (plain text) and content (HTML) in one language. */
export function renderNotification(
  language: LanguageCode,
  type: NotificationType,
  text: NotificationText = {},
): { title: string; content: string } {
  const params = text.params ?? {};
  const own = text.byLanguage?.[language] ?? text.byLanguage?.de;
  if (own) return { title: fill(own.title, params), content: fill(own.content, escapeParams(params)) };
  const locale = localeOfLanguage[language];
  const typeName = notificationTypeEnum.nameOf(type);
  return {
    title: translate(locale, text.titleKey ?? `notification.${typeName}.title`, params),
    content: translate(locale, text.contentKey ?? `notification.${typeName}.content`, escapeParams(params)),
  };
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
/** The plain-text part of a mail from our own (trusted, escaped) HTML. */
export const htmlToText = (html: string) =>
  html
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The e-mail of a notification for a subscriber with isEmailEnabled. */
export function renderNotificationMail(
  language: LanguageCode,
  rendered: { title: string; content: string },
  to: string,
  link: string | undefined,
): QueuedMail {
  const locale = localeOfLanguage[language];
  const footer = translate(locale, 'mail.notification.footer');
  const action = link
    ? `<p><a href="${escapeHtml(link)}">${escapeHtml(translate(locale, 'mail.notification.open'))}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><body>`,
    rendered.content,
    action,
    `<p>${escapeHtml(translate(locale, 'mail.signature'))}</p>`,
    `<p><small>${escapeHtml(footer)}</small></p>`,
    '</body></html>',
  ].join('\n');
  const text = [htmlToText(rendered.content), link, translate(locale, 'mail.signature'), footer]
    .filter(Boolean)
    .join('\n\n');
  return { to, subject: rendered.title, text, html };
}
