import { type LanguageCode, localeOfLanguage } from '@bpw/domain/enums/language';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';
import { formatEventDate } from '../../platform/event-date-format';
import { escapeHtml, oneLine } from './registration-mails';

/**
 * The mail to someone moved up from the waiting list (issue 19): a place is hers if she confirms
 * it by `expiresAt` (Swiss time) with the link; else it goes to the next in line. In her language.
 */
export function renderMovedUpMail(
  language: LanguageCode,
  params: {
    to: string;
    name: string;
    event: { title: string; eventFrom: Date; location: string };
    links: { confirm: string; unregister: string };
    expiresAt: Date;
  },
): QueuedMail {
  const locale = localeOfLanguage[language];
  const t = (key: string, values: Record<string, string> = {}) => translate(locale, `mail.${key}`, values);
  const { event, links } = params;
  const greeting = t('greeting', { name: oneLine(params.name) });
  const intro = t('waitingListMovedUp.intro', {
    event: event.title,
    date: formatEventDate(locale, event.eventFrom),
    location: event.location,
  });
  const confirmBy = t('waitingListMovedUp.confirmBy', { date: formatEventDate(locale, params.expiresAt) });
  const unregister = t('eventRegistration.unregister');
  const signature = t('signature');
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const link = (href: string, label: string) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;
  return {
    to: params.to,
    subject: t('waitingListMovedUp.subject', { event: event.title }),
    text: [greeting, intro, confirmBy, links.confirm, unregister, links.unregister, signature].join('\n\n'),
    html: [
      '<!doctype html>',
      `<html lang="${locale}"><body>`,
      paragraph(greeting),
      paragraph(intro),
      paragraph(confirmBy),
      link(links.confirm, t('eventRegistration.confirmAction')),
      paragraph(unregister),
      link(links.unregister, t('eventRegistration.unregisterAction')),
      paragraph(signature),
      '</body></html>',
    ].join('\n'),
  };
}
