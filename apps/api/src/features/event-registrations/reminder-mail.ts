import { type LanguageCode, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { type NotificationType, notificationTypeEnum } from '@bpw/domain/enums/notification';
import { PRODUCT_TIME_ZONE } from '../../platform/auth/today';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';

const swissDateTime = new Intl.DateTimeFormat('de-CH', {
  timeZone: PRODUCT_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The `date` of a reminder text: Swiss wall-clock time, `dd.mm.yyyy HH:mm`, as in the app. */
export const reminderDate = (date: Date) => swissDateTime.format(date).replace(', ', ' ');

/** The public page of an event, the reminders' link. */
export const publicEventLink = (publicUrl: string, eventId: string) => `${publicUrl}/events-public/${eventId}`;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * A notification for a guest registration (the booked-events reminder, an updated event): guests
 * have no account, inbox or subscription, so the mail to the address they registered with is
 * their only channel. It carries the texts members get in the app, in the guest's language.
 */
export function guestNoticeMail(options: {
  type: NotificationType;
  to: string;
  languageCode: string;
  params: Record<string, string>;
  link: string;
}): QueuedMail {
  const language: LanguageCode = languageCodeEnum.is(options.languageCode) ? options.languageCode : 'de';
  const locale = localeOfLanguage[language];
  const key = `notification.${notificationTypeEnum.nameOf(options.type)}`;
  const escaped = Object.fromEntries(Object.entries(options.params).map(([k, v]) => [k, escapeHtml(v)]));
  const subject = translate(locale, `${key}.title`, options.params);
  const content = translate(locale, `${key}.content`, escaped);
  const signature = translate(locale, 'mail.signature');
  const plainContent = translate(locale, `${key}.content`, options.params).replace(/<[^>]*>/g, '');
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><body>`,
    content,
    `<p><a href="${escapeHtml(options.link)}">${escapeHtml(translate(locale, 'mail.reminder.showEvent'))}</a></p>`,
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  const text = [plainContent, options.link, signature].join('\n\n');
  return { to: options.to, subject, text, html };
}
