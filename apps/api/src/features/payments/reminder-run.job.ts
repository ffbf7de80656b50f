import { setImmediate as nextTurn } from 'node:timers/promises';
import { InvoiceDelivery } from '@bpw/domain/enums/invoice';
import { languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { formatChf } from '@bpw/domain/invoice-fees';
import type { Db, DbOrTx } from '../../db/client';
import { writeAuditEntries } from '../../platform/audit';
import { translate } from '../../platform/i18n';
import type { JobHandler } from '../../platform/jobs/job-runner';
import { queueMail } from '../../platform/mail/outbox';
import { loadInvoiceDocument, renderInvoicePdf } from '../invoices/invoice-shared.service';
import {
  insertReminders,
  lockReminderCandidates,
  type ReminderCandidate,
  storeReminderPdf,
} from './reminder-runs.queries';
import { REMINDER_RUN_JOB_KIND } from './reminder-runs.service';

/** Invoices reminded per transaction: each renders a PDF, so a unit stays short. */
const INVOICES_PER_STEP = 20;

type RunParams = { runId: string; clubId: string; level: 1 | 2; today: string; dueDate: string };

/**
 * The reminder run (issue 17): batch by batch in invoice-number order, one transaction each
 * (platform/jobs `step`): the reminders (unique per invoice and level, so nobody is reminded
 * twice), the invoices' reminder level, the PDFs with the QR part for the open amount, and the
 * mails with the PDF attached (the outbox sends them after commit). An invoice to be printed, or
 * without an e-mail address, waits for the print batch (POST invoice-print-batch {reminderRunId}).
 */
export function createReminderRunJobHandler(deps: { db: Db; now: () => Date }): JobHandler {
  return {
    kind: REMINDER_RUN_JOB_KIND,
    run: async ({ job, step }) => {
      const params = job.params as RunParams;
      const actorPersonId = job.ownerPersonId;
      let after = (job.cursor as { after?: number } | null)?.after ?? 0;
      let done = job.progressDone;
      for (;;) {
        const next = await step(async (tx) => {
          const batch = await lockReminderCandidates(tx, {
            clubId: params.clubId,
            level: params.level,
            today: params.today,
            after,
            limit: INVOICES_PER_STEP,
          });
          if (batch.length === 0) return { value: null, cursor: { after }, done };
          await remindBatch(tx, params, batch, actorPersonId, deps.now());
          const last = batch[batch.length - 1]!.number;
          return { value: { last, count: batch.length }, cursor: { after: last }, done: done + batch.length };
        });
        if (next === null) break;
        after = next.last;
        done += next.count;
        // Other requests get their turn between batches (one PGlite connection serves them all).
        await nextTurn();
      }
      return { runId: params.runId };
    },
  };
}

const byMail = (invoice: ReminderCandidate) => invoice.delivery === InvoiceDelivery.mail && invoice.email !== null;

async function remindBatch(
  tx: DbOrTx,
  params: RunParams,
  batch: readonly ReminderCandidate[],
  actorPersonId: string | null,
  now: Date,
) {
  const made = await insertReminders(tx, {
    runId: params.runId,
    level: params.level,
    remindedOn: params.today,
    dueDate: params.dueDate,
    rows: batch.map((invoice) => ({
      invoiceId: invoice.id,
      delivery: byMail(invoice) ? InvoiceDelivery.mail : InvoiceDelivery.print,
    })),
  });
  for (const invoice of batch) {
    const reminderId = made.get(invoice.id);
    if (!reminderId) continue;
    const document = await loadInvoiceDocument(tx, invoice.id);
    if (!document) continue;
    const pdf = await renderInvoicePdf(document, {
      reminder: { level: params.level, remindedOn: params.today, dueDate: params.dueDate },
    });
    let mailedAt: Date | null = null;
    if (byMail(invoice)) {
      const language = languageCodeEnum.is(invoice.languageCode) ? invoice.languageCode : 'de';
      const locale = localeOfLanguage[language];
      const t = (key: string, values: Record<string, string> = {}) => translate(locale, key, values);
      const open = formatChf(Math.max(0, document.invoice.totalCentimes - document.invoice.paidCentimes));
      const dueDate = `${params.dueDate.slice(8, 10)}.${params.dueDate.slice(5, 7)}.${params.dueDate.slice(0, 4)}`;
      await queueMail(tx, {
        to: invoice.email!,
        subject: t(`payment.reminder.subject${params.level}`, { number: invoice.numberText }),
        text: [
          t('mail.greeting', { name: document.invoice.recipientName }),
          '',
          t(`payment.reminder.intro${params.level}`, { number: invoice.numberText, amount: open, dueDate }),
          '',
          t('payment.reminder.attached'),
          '',
          t('payment.reminder.alreadyPaid'),
          '',
          t('mail.signature'),
        ].join('\n'),
        attachments: [
          {
            filename: `${t(`payment.reminder.fileName${params.level}`)}-${invoice.numberText}.pdf`,
            contentType: 'application/pdf',
            contentBase64: pdf.toString('base64'),
          },
        ],
      });
      mailedAt = now;
    }
    await storeReminderPdf(tx, { reminderId, pdf, mailedAt });
  }
  if (actorPersonId) {
    await writeAuditEntries(
      tx,
      batch
        .filter((invoice) => made.has(invoice.id))
        .map((invoice) => ({
          actorPersonId,
          action: 'updated' as const,
          entity: 'invoice',
          entityId: invoice.id,
          ...(invoice.personId ? { subjectPersonId: invoice.personId } : {}),
          at: now,
          details: { reminder: params.level, run: params.runId },
        })),
    );
  }
}
