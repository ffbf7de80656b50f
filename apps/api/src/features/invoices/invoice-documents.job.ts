import { InvoiceDelivery } from '@bpw/domain/enums/invoice';
import { and, asc, count, eq, gt, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { storedFiles, storedFileVariants } from '../../db/schema/files';
import { invoices } from '../../db/schema/invoices';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobHandler } from '../../platform/jobs/job-runner';
import { queueInvoiceMail } from './invoice-mails';
import { renderInvoicePdf } from './invoice-pdf';
import { type InvoiceRow, findInvoicePositions } from './invoices.queries';

/**
 * Issue 17: renders the PDFs of a scope's invoices (a fee run's, an event's, or a list), stores
 * each (stored_files, kind invoice_pdf) and, for mail delivery, queues the mail with the PDF
 * attached in the same transaction (sets mailed_at). The PDFs of a batch are rendered before its
 * transaction opens (other requests go on meanwhile); the store is guarded by `pdf_file_id is
 * null`, so a resumed job renders a batch again at most and never stores or mails twice.
 */
export const INVOICE_DOCUMENTS_JOB = 'invoice-documents';

export type DocumentScope = { feeRunId: string } | { eventId: string } | { invoiceIds: string[] };

const BATCH = 25;

function scopeWhere(scope: DocumentScope): SQL {
  if ('feeRunId' in scope) return eq(invoices.feeRunId, scope.feeRunId);
  if ('eventId' in scope) return eq(invoices.eventId, scope.eventId);
  return inArray(invoices.id, scope.invoiceIds.length ? scope.invoiceIds : ['00000000-0000-0000-0000-000000000000']);
}

const pendingWhere = (scope: DocumentScope, afterNumber: number) =>
  and(scopeWhere(scope), isNull(invoices.pdfFileId), ne(invoices.state, 4), gt(invoices.number, afterNumber));

/** Stores a PDF as a stored file (variant `orig`); answers its id. */
export async function insertStoredPdf(
  tx: DbOrTx,
  params: { kind: 'invoice_pdf' | 'reminder_pdf' | 'print_batch'; data: Buffer },
) {
  const [file] = await tx
    .insert(storedFiles)
    .values({ kind: params.kind, mimeType: 'application/pdf', byteSize: params.data.length })
    .returning({ id: storedFiles.id });
  await tx.insert(storedFileVariants).values({
    fileId: file!.id,
    variant: 'orig',
    mimeType: 'application/pdf',
    data: new Uint8Array(params.data.buffer, params.data.byteOffset, params.data.byteLength),
  });
  return file!.id;
}

/** Renders a batch of invoices (outside any transaction). */
export async function renderInvoiceBatch(db: DbOrTx, rows: readonly InvoiceRow[]) {
  const positions = await findInvoicePositions(db, { ids: rows.map((r) => r.id) });
  const byInvoice = new Map<string, typeof positions>();
  for (const p of positions) byInvoice.set(p.invoiceId, [...(byInvoice.get(p.invoiceId) ?? []), p]);
  const rendered: Array<{ invoice: InvoiceRow; pdf: Buffer }> = [];
  for (const invoice of rows) {
    rendered.push({ invoice, pdf: await renderInvoicePdf({ invoice, positions: byInvoice.get(invoice.id) ?? [] }) });
  }
  return rendered;
}

export function createInvoiceDocumentsJobHandler(deps: { db: Db; now: () => Date; publicUrl: string }): JobHandler {
  return {
    kind: INVOICE_DOCUMENTS_JOB,
    async run({ job, step }) {
      const { scope } = job.params as { scope: DocumentScope };
      let cursor = (job.cursor as { afterNumber: number; done: number } | null) ?? { afterNumber: 0, done: 0 };
      const [{ n: remaining } = { n: 0 }] = await deps.db
        .select({ n: count() })
        .from(invoices)
        .where(pendingWhere(scope, cursor.afterNumber));
      const total = cursor.done + remaining;
      for (;;) {
        const rows = await deps.db
          .select()
          .from(invoices)
          .where(pendingWhere(scope, cursor.afterNumber))
          .orderBy(asc(invoices.number))
          .limit(BATCH);
        if (rows.length === 0) break;
        const rendered = await renderInvoiceBatch(deps.db, rows);
        const current = cursor;
        cursor = await step(async (tx) => {
          for (const { invoice, pdf } of rendered) {
            const fileId = await insertStoredPdf(tx, { kind: 'invoice_pdf', data: pdf });
            const isMail = invoice.delivery === InvoiceDelivery.mail && !!invoice.recipientEmail && !invoice.mailedAt;
            const updated = await tx
              .update(invoices)
              .set({ pdfFileId: fileId, ...(isMail ? { mailedAt: deps.now() } : {}) })
              .where(and(eq(invoices.id, invoice.id), isNull(invoices.pdfFileId)))
              .returning({ id: invoices.id });
            if (updated.length === 0) {
              await tx.delete(storedFiles).where(eq(storedFiles.id, fileId));
              continue;
            }
            if (isMail) await queueInvoiceMail(tx, { invoice, pdf });
          }
          const next = { afterNumber: Number(rows.at(-1)!.number), done: current.done + rows.length };
          return { value: next, cursor: next, done: next.done, total: Math.max(total, next.done) };
        });
        // A turn of the event loop between batches: other requests get theirs (PGlite).
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { rendered: cursor.done };
    },
  };
}

/** Queues the PDF job of a scope (in the caller's transaction). */
export async function enqueueInvoiceDocuments(
  tx: DbOrTx,
  params: { ownerPersonId: string | null; scope: DocumentScope },
): Promise<string> {
  return enqueueJob(tx, {
    kind: INVOICE_DOCUMENTS_JOB,
    ownerPersonId: params.ownerPersonId as string,
    params: { scope: params.scope },
  });
}
