import { InvoiceDelivery } from '@bpw/domain/enums/invoice';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { invoicePrintBatches, invoiceReminders, invoices } from '../../db/schema/invoices';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobHandler } from '../../platform/jobs/job-runner';
import { insertStoredPdf } from './invoice-documents.job';
import { drawInvoice, newPdf } from './invoice-pdf';
import { findInvoicePositions, findPrintBatch, type InvoiceRow } from './invoices.queries';

/**
 * Issue 17: one PDF of the print-delivery documents of a fee run (its invoices, cancelled ones
 * left out) or of a reminder run (its reminders), in number order, each in its recipient's
 * language. Drawn into one pdfkit document in pages of 200, then stored in one unit; a resumed
 * job draws it again (nothing was stored).
 */
export const PRINT_BATCH_JOB = 'invoice-print-batch';

const PAGE = 200;

async function documentsOf(db: DbOrTx, batch: { feeRunId: string | null; reminderRunId: string | null }) {
  if (batch.feeRunId) {
    const rows = await db
      .select()
      .from(invoices)
      .where(
        and(eq(invoices.feeRunId, batch.feeRunId), eq(invoices.delivery, InvoiceDelivery.print), ne(invoices.state, 4)),
      )
      .orderBy(asc(invoices.number));
    return rows.map((invoice) => ({ invoice, reminder: undefined }));
  }
  const rows = await db
    .select({ invoice: invoices, reminder: invoiceReminders })
    .from(invoiceReminders)
    .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
    .where(and(eq(invoiceReminders.runId, batch.reminderRunId!), eq(invoiceReminders.delivery, InvoiceDelivery.print)))
    .orderBy(asc(invoices.number));
  return rows.map((r) => ({
    invoice: r.invoice,
    reminder: { level: r.reminder.level as 1 | 2, remindedOn: r.reminder.remindedOn, dueDate: r.reminder.dueDate },
  }));
}

export function createPrintBatchJobHandler(deps: { db: Db }): JobHandler {
  return {
    kind: PRINT_BATCH_JOB,
    async run({ job, step }) {
      const { batchId } = job.params as { batchId: string };
      const batch = await findPrintBatch(deps.db, { id: batchId });
      if (!batch || batch.fileId) return { documents: batch?.documentCount ?? 0 };
      const documents = await documentsOf(deps.db, batch);
      const { doc, done } = newPdf('Print batch', 'de-CH');
      for (let start = 0; start < documents.length; start += PAGE) {
        const page = documents.slice(start, start + PAGE);
        const positions = await findInvoicePositions(deps.db, { ids: page.map((d) => d.invoice.id) });
        for (const d of page) {
          const own = positions.filter((p) => p.invoiceId === d.invoice.id);
          drawInvoice(
            doc,
            { invoice: d.invoice as InvoiceRow, positions: own },
            d.reminder ? { reminder: d.reminder } : {},
          );
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (documents.length === 0) doc.addPage({ size: 'A4' });
      doc.end();
      const pdf = await done;
      await step(async (tx) => {
        const fileId = await insertStoredPdf(tx, { kind: 'print_batch', data: pdf });
        await tx
          .update(invoicePrintBatches)
          .set({ fileId, documentCount: documents.length })
          .where(eq(invoicePrintBatches.id, batchId));
        return { value: undefined, cursor: { stored: true }, done: documents.length, total: documents.length };
      });
      return { documents: documents.length };
    },
  };
}

export async function enqueuePrintBatch(tx: DbOrTx, params: { batchId: string; ownerPersonId: string }) {
  const jobId = await enqueueJob(tx, {
    kind: PRINT_BATCH_JOB,
    ownerPersonId: params.ownerPersonId,
    params: { batchId: params.batchId },
  });
  await tx.update(invoicePrintBatches).set({ jobId }).where(eq(invoicePrintBatches.id, params.batchId));
  return jobId;
}
