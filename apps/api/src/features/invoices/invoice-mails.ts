import { type LanguageCode, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { formatChf } from '@bpw/domain/invoice-fees';
import type { DbOrTx } from '../../db/client';
import { translate } from '../../platform/i18n';
import { queueMail } from '../../platform/mail/outbox';
import type { InvoiceRow } from './invoices.queries';

const languageOf = (code: string): LanguageCode => (languageCodeEnum.is(code) ? code : 'de');
const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * Issue 17: the invoice (or a reminder of it) by mail, in the recipient's language, with the PDF
 * attached, written to the outbox in the caller's transaction.
 */
export async function queueInvoiceMail(
  tx: DbOrTx,
  params: {
    invoice: Pick<
      InvoiceRow,
      | 'recipientEmail'
      | 'recipientName'
      | 'languageCode'
      | 'numberText'
      | 'creditorName'
      | 'totalCentimes'
      | 'paidCentimes'
      | 'dueDate'
    >;
    pdf: Buffer;
    reminder?: { dueDate: string };
  },
) {
  const { invoice } = params;
  if (!invoice.recipientEmail) return;
  const locale = localeOfLanguage[languageOf(invoice.languageCode)];
  const t = (key: string, values: Record<string, string | number> = {}) => translate(locale, key, values);
  const values = {
    number: invoice.numberText,
    creditor: invoice.creditorName,
    amount: formatChf(
      params.reminder ? Math.max(0, invoice.totalCentimes - invoice.paidCentimes) : invoice.totalCentimes,
    ),
    dueDate: swissDate(params.reminder?.dueDate ?? invoice.dueDate),
  };
  const body = params.reminder ? t('invoice.mail.reminderBody', values) : t('invoice.mail.body', values);
  const text = [t('mail.greeting', { name: invoice.recipientName }), '', body, '', invoice.creditorName].join('\n');
  await queueMail(tx, {
    to: invoice.recipientEmail,
    subject: params.reminder ? t('invoice.mail.reminderSubject', values) : t('invoice.mail.subject', values),
    text,
    attachments: [
      {
        filename: t('invoice.mail.fileName', { number: invoice.numberText }),
        contentType: 'application/pdf',
        contentBase64: params.pdf.toString('base64'),
      },
    ],
  });
}
