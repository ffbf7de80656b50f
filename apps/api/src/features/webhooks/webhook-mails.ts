import { languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userAccounts } from '../../db/schema/accounts';
import { addressEmails } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';

/** Whoever created the subscription: her address (primary e-mail, else her username) and language. */
export async function findDisabledNoticeRecipient(db: DbOrTx, personId: string) {
  const [row] = await db
    .select({
      firstname: persons.firstname,
      lastname: persons.lastname,
      languageCode: persons.languageCode,
      email: sql<string | null>`coalesce(${addressEmails.value}, ${userAccounts.username})`,
    })
    .from(persons)
    .leftJoin(addressEmails, eq(addressEmails.id, persons.primaryEmailId))
    .leftJoin(userAccounts, eq(userAccounts.personId, persons.id))
    .where(eq(persons.id, personId));
  return row ?? null;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The mail to the creator of a subscription the sender disabled after 24 hours of failures. */
export function renderDisabledMail(params: {
  email: string;
  firstname: string | null;
  lastname: string;
  languageCode: string;
  url: string;
  publicUrl: string;
}): QueuedMail {
  const locale = localeOfLanguage[languageCodeEnum.is(params.languageCode) ? params.languageCode : 'de'];
  const t = (key: string, values: Record<string, string> = {}) => translate(locale, key, values);
  const name = [params.firstname, params.lastname].filter(Boolean).join(' ');
  const paragraphs = [
    t('mail.greeting', { name }),
    t('mail.webhookDisabled.intro', { url: params.url }),
    t('mail.webhookDisabled.next'),
    params.publicUrl,
    t('mail.signature'),
  ];
  return {
    to: params.email,
    subject: t('mail.webhookDisabled.subject'),
    text: paragraphs.join('\n\n'),
    html: [
      '<!doctype html>',
      `<html lang="${locale}"><body>`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      '</body></html>',
    ].join('\n'),
  };
}
