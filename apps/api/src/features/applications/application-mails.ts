import { type LanguageCode, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';

/**
 * The applicant's mails (issue 25), in her correspondence language. Every text she or a manager
 * wrote is escaped in the HTML part; the link is only in the mail.
 */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export const languageOrDefault = (code: string): LanguageCode => (languageCodeEnum.is(code) ? code : 'de');

type Parts = {
  to: string;
  language: LanguageCode;
  subject: string;
  paragraphs: string[];
  link?: { url: string; label: string };
};

function render(parts: Parts): QueuedMail {
  const locale = localeOfLanguage[parts.language];
  const signature = translate(locale, 'mail.signature');
  const paragraph = (text: string) => `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const button = parts.link
    ? [`<p><a href="${escapeHtml(parts.link.url)}">${escapeHtml(parts.link.label)}</a></p>`]
    : [];
  return {
    to: parts.to,
    subject: parts.subject,
    text: [...parts.paragraphs, ...(parts.link ? [parts.link.url] : []), signature].join('\n\n'),
    html: [
      '<!doctype html>',
      `<html lang="${locale}"><body>`,
      ...parts.paragraphs.map(paragraph),
      ...button,
      paragraph(signature),
      '</body></html>',
    ].join('\n'),
  };
}

/** The club's name, or the association's for an application without a club. */
export const clubLabel = (language: LanguageCode, clubName: string | null) =>
  clubName ?? translate(localeOfLanguage[language], 'mail.application.association');

/** The translator of her language and the club's name in it. */
function mailTexts(language: LanguageCode, clubName: string | null) {
  const locale = localeOfLanguage[language];
  const t = (key: string, values: Record<string, string> = {}) => translate(locale, key, values);
  return { t, club: clubLabel(language, clubName) };
}

export function renderConfirmMail(params: {
  to: string;
  name: string;
  language: LanguageCode;
  clubName: string | null;
  link: string;
  isRepeated: boolean;
}): QueuedMail {
  const { t, club } = mailTexts(params.language, params.clubName);
  return render({
    to: params.to,
    language: params.language,
    subject: t('mail.application.confirmSubject'),
    paragraphs: [
      t('mail.greeting', { name: params.name }),
      ...(params.isRepeated ? [t('mail.application.repeated')] : [t('mail.application.confirmIntro', { club })]),
      t('mail.application.confirmValidity'),
    ],
    link: { url: params.link, label: t('mail.application.confirmAction') },
  });
}

export function renderRejectionMail(params: {
  to: string;
  name: string;
  language: LanguageCode;
  clubName: string | null;
  reason: string;
}): QueuedMail {
  const { t, club } = mailTexts(params.language, params.clubName);
  return render({
    to: params.to,
    language: params.language,
    subject: t('mail.application.rejectedSubject', { club }),
    paragraphs: [
      t('mail.greeting', { name: params.name }),
      t('mail.application.rejectedIntro', { club }),
      params.reason,
    ],
  });
}

export function renderQuestionMail(params: {
  to: string;
  name: string;
  language: LanguageCode;
  clubName: string | null;
  question: string;
  manager: { name: string; email: string };
}): QueuedMail {
  const { t, club } = mailTexts(params.language, params.clubName);
  return render({
    to: params.to,
    language: params.language,
    subject: t('mail.application.questionSubject', { club }),
    paragraphs: [
      t('mail.greeting', { name: params.name }),
      t('mail.application.questionIntro', { club }),
      params.question,
      t('mail.application.questionReply', params.manager),
    ],
  });
}
