import { type LanguageCode, type Locale, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { NotificationType, notificationTypeEnum } from '@bpw/domain/enums/notification';
import { type RegistrationState, registrationStateLabelKey } from '@bpw/domain/enums/registration';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

export const languageOrDefault = (code: string | null | undefined, fallback: LanguageCode = 'de'): LanguageCode =>
  code && languageCodeEnum.is(code) ? code : fallback;

/** A date-time as people in Switzerland read it, in the mail's language. */
export const formatEventDate = (locale: Locale, instant: Date) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Zurich' }).format(instant);

/** The public links of a registration (DESIGN: the actions happen on PUT from these pages). */
export const registrationLinks = (publicUrl: string, key: string) => ({
  confirm: `${publicUrl}/event-registration-public/${key}/confirm`,
  unregister: `${publicUrl}/event-registration-public/${key}/unregister`,
});

/**
 * The mail a registrant gets right after registering (issue 7): in her language, with the links
 * to confirm and to unregister. Every interpolated value is escaped in the HTML part.
 */
export function renderRegistrationMail(
  language: LanguageCode,
  params: {
    to: string;
    name: string;
    event: { title: string; eventFrom: Date; location: string; unregistrationTo: Date | null };
    links: { confirm: string; unregister: string };
  },
): QueuedMail {
  const locale = localeOfLanguage[language];
  const t = (key: string, values: Record<string, string> = {}) => translate(locale, `mail.${key}`, values);
  const { event, links } = params;
  const intro = t('eventRegistration.intro', {
    event: event.title,
    date: formatEventDate(locale, event.eventFrom),
    location: event.location,
  });
  const unregister = event.unregistrationTo
    ? t('eventRegistration.unregisterUntil', { date: formatEventDate(locale, event.unregistrationTo) })
    : t('eventRegistration.unregister');
  const greeting = t('greeting', { name: params.name });
  const pending = t('eventRegistration.pending');
  const signature = t('signature');
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const link = (href: string, label: string) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;
  return {
    to: params.to,
    subject: t('eventRegistration.subject', { event: event.title }),
    text: [greeting, intro, pending, links.confirm, unregister, links.unregister, signature].join('\n\n'),
    html: [
      '<!doctype html>',
      `<html lang="${locale}"><body>`,
      paragraph(greeting),
      paragraph(intro),
      paragraph(pending),
      link(links.confirm, t('eventRegistration.confirmAction')),
      paragraph(unregister),
      link(links.unregister, t('eventRegistration.unregisterAction')),
      paragraph(signature),
      '</body></html>',
    ].join('\n'),
  };
}

/**
 * EventRegistrationStateChanged in each language, with the state's label in that language and
 * {{event}} left for the notification service to fill (and escape).
 */
export function stateChangedTexts(state: RegistrationState) {
  const name = notificationTypeEnum.nameOf(NotificationType.EventRegistrationStateChanged);
  const texts: Partial<Record<LanguageCode, { title: string; content: string }>> = {};
  for (const language of languageCodeEnum.values) {
    const locale = localeOfLanguage[language];
    const params = { event: '{{event}}', state: translate(locale, registrationStateLabelKey(state)) };
    texts[language] = {
      title: translate(locale, `notification.${name}.title`, params),
      content: translate(locale, `notification.${name}.content`, params),
    };
  }
  return texts;
}

/** A guest has no notification settings: her state changes come as a mail in her language. */
export function renderGuestStateMail(
  language: LanguageCode,
  params: { to: string; name: string; eventTitle: string; state: RegistrationState; link: string },
): QueuedMail {
  const locale = localeOfLanguage[language];
  const own = stateChangedTexts(params.state)[language]!;
  const fill = (template: string, event: string) => template.replace(/\{\{\s*event\s*\}\}/g, event);
  const greeting = translate(locale, 'mail.greeting', { name: params.name });
  const signature = translate(locale, 'mail.signature');
  const content = fill(own.content, escapeHtml(params.eventTitle));
  const plain = content.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => entities[e]!);
  return {
    to: params.to,
    subject: fill(own.title, params.eventTitle),
    text: [greeting, plain, params.link, signature].join('\n\n'),
    html: [
      '<!doctype html>',
      `<html lang="${locale}"><body>`,
      `<p>${escapeHtml(greeting)}</p>`,
      content,
      `<p><a href="${escapeHtml(params.link)}">${escapeHtml(params.eventTitle)}</a></p>`,
      `<p>${escapeHtml(signature)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
