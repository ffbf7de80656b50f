import { type LanguageCode, type Locale, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { NotificationType, notificationTypeEnum } from '@bpw/domain/enums/notification';
import { type RegistrationState, registrationStateLabelKey } from '@bpw/domain/enums/registration';
import { formatEventDate } from '../../platform/event-date-format';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

export const languageOrDefault = (code: string | null | undefined, fallback: LanguageCode = 'de'): LanguageCode =>
  code && languageCodeEnum.is(code) ? code : fallback;

/** The public links of a registration (DESIGN: the actions happen on PUT from these pages). */
export const registrationLinks = (publicUrl: string, key: string) => ({
  confirm: `${publicUrl}/event-registration-public/${key}/confirm`,
  unregister: `${publicUrl}/event-registration-public/${key}/unregister`,
});

/** Text a visitor typed, for a place that holds one line (a salutation): line breaks become spaces. */
export const oneLine = (value: string) => value.replace(/[\r\n\v\f\u0085\u2028\u2029]+/g, ' ').trim();

/** One of the registrant's own entries, shown back to her only as a quotation. */
export type MailEntry = { label: string; value: string };

/**
 * The registrant's entries as a quotation (issue 15): in the text part every line starts with
 * "> ", in the HTML part they are escaped inside a blockquote under a label that says they are
 * her entries, unchecked. They never stand where the association's own sentences or links stand.
 */
function quotedEntries(locale: Locale, entries: readonly MailEntry[]) {
  const label = translate(locale, 'mail.eventRegistration.entries');
  const lines = (entry: MailEntry) => `${entry.label}: ${entry.value}`.split(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/);
  const text = [label, ...entries.flatMap(lines).map((line) => `> ${line}`)].join('\n');
  const rows = entries.map(
    (entry) =>
      `<dt style="font-weight:bold">${escapeHtml(entry.label)}</dt><dd style="margin:0 0 0.5em 0;white-space:pre-wrap">${escapeHtml(entry.value)}</dd>`,
  );
  const html = [
    `<p>${escapeHtml(label)}</p>`,
    '<blockquote data-user-entries style="margin:0 0 1em 0;padding:0.5em 1em;border-left:3px solid #999;color:#444">',
    `<dl style="margin:0">${rows.join('')}</dl>`,
    '</blockquote>',
  ].join('\n');
  return { text, html };
}

/**
 * The mail with a registration's links (issue 7): right after registering, when a registration
 * for the same address arrives again (`isRepeated`, issue 15) and when staff extend the time to
 * confirm. In her language; a Pending one says until when to confirm (Swiss time), a Confirmed
 * one gets only the unregister link. Every interpolated value is escaped in the HTML part; what
 * she typed appears only in the quoted block of her entries.
 */
export function renderRegistrationMail(
  language: LanguageCode,
  params: {
    to: string;
    name: string;
    event: { title: string; eventFrom: Date; location: string; unregistrationTo: Date | null };
    links: { confirm: string; unregister: string };
    /** Until when a Pending registration may be confirmed; null for a Confirmed one. */
    expiresAt: Date | null;
    entries?: readonly MailEntry[];
    isRepeated?: boolean;
    /** On the waiting list (issue 19): her place; the mail has no confirm link then. */
    waitingListPlace?: number | null;
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
  const place = params.waitingListPlace ?? null;
  const unregister =
    place !== null
      ? t('eventRegistration.waitingUnregister')
      : event.unregistrationTo
        ? t('eventRegistration.unregisterUntil', { date: formatEventDate(locale, event.unregistrationTo) })
        : t('eventRegistration.unregister');
  const greeting = t('greeting', { name: oneLine(params.name) });
  const opening = params.isRepeated ? t('eventRegistration.repeated') : intro;
  const state =
    place !== null
      ? t('eventRegistration.waiting', { place: String(place) })
      : params.expiresAt
        ? t('eventRegistration.confirmBy', { date: formatEventDate(locale, params.expiresAt) })
        : t('eventRegistration.confirmed');
  const signature = t('signature');
  const entries = params.entries?.length ? quotedEntries(locale, params.entries) : null;
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const link = (href: string, label: string) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;
  const text = [
    greeting,
    opening,
    ...(params.isRepeated ? [intro] : []),
    state,
    ...(params.expiresAt ? [links.confirm] : []),
    unregister,
    links.unregister,
    ...(entries ? [entries.text] : []),
    signature,
  ];
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><body>`,
    paragraph(greeting),
    paragraph(opening),
    ...(params.isRepeated ? [paragraph(intro)] : []),
    paragraph(state),
    ...(params.expiresAt ? [link(links.confirm, t('eventRegistration.confirmAction'))] : []),
    paragraph(unregister),
    link(links.unregister, t('eventRegistration.unregisterAction')),
    ...(entries ? [entries.html] : []),
    paragraph(signature),
    '</body></html>',
  ];
  return {
    to: params.to,
    subject: t('eventRegistration.subject', { event: event.title }),
    text: text.join('\n\n'),
    html: html.join('\n'),
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
  const greeting = translate(locale, 'mail.greeting', { name: oneLine(params.name) });
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

/**
 * The registration mail with fresh links, to the address of an existing registration (a
 * repeated public registration, issue 15; staff extending the time to confirm), in her language.
 */
export function renderLinksAgainMail(params: {
  publicUrl: string;
  registration: { email: string; firstname: string; lastname: string; languageCode: string | null };
  event: Parameters<typeof renderRegistrationMail>[1]['event'];
  key: string;
  expiresAt: Date | null;
  isRepeated?: boolean;
  waitingListPlace?: number | null;
}): QueuedMail {
  const { registration } = params;
  return renderRegistrationMail(languageOrDefault(registration.languageCode), {
    to: registration.email,
    name: `${registration.firstname} ${registration.lastname}`,
    event: params.event,
    links: registrationLinks(params.publicUrl, params.key),
    expiresAt: params.expiresAt,
    ...(params.isRepeated ? { isRepeated: true } : {}),
    waitingListPlace: params.waitingListPlace ?? null,
  });
}
