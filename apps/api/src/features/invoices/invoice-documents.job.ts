import { InvoiceDelivery } from '@bpw/domain/enums/invoice';
import { and, asc, count, eq, gt, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { storedFiles, storedFileVariants } from '../../db/schema/files';
import { invoices } from '../../db/schema/invoices';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobHandler } from '../../platform/jobs/job-runner';
import { queueInvoiceMail } from './invoice-mails';
import type { InvoiceDocument } from './invoice-pdf';
import type { PdfRenderer } from './invoice-pdf-pool';
import { type InvoiceRow, findInvoicePositions } from './invoices.queries';

/**
 * Issue 17: renders the PDFs of a scope's invoices (a fee run's, an event's, or a list), stores
 * each (stored_files, kind invoice_pdf) and, for mail delivery, queues the mail with the PDF
 * attached in the same transaction (sets mailed_at). The PDFs of a batch are rendered before its
 * transaction opens, in the PDF threads (invoice-pdf-pool.ts: other requests go on meanwhile),
 * the next batch while the last one is stored; the store is guarded by `pdf_file_id is null`, so
 * a resumed job renders a batch again at most and never stores or mails twice.
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
export async function renderInvoiceBatch(db: DbOrTx, renderer: PdfRenderer, rows: readonly InvoiceRow[]) {
  const positions = await findInvoicePositions(db, { ids: rows.map((r) => r.id) });
  const byInvoice = new Map<string, Array<{ text: string; amountCentimes: number }>>();
  for (const p of positions) {
    const own = byInvoice.get(p.invoiceId) ?? [];
    own.push({ text: p.text, amountCentimes: p.amountCentimes });
    byInvoice.set(p.invoiceId, own);
  }
  const pdfs = await renderer.render(
    rows.map((invoice) => ({
      document: { invoice: documentFields(invoice), positions: byInvoice.get(invoice.id) ?? [] },
    })),
  );
  return rows.map((invoice, index) => ({ invoice, pdf: pdfs[index]! }));
}

/** What a PDF shows of an invoice (a thread is sent no more). */
function documentFields(i: InvoiceRow): InvoiceDocument['invoice'] {
  return {
    numberText: i.numberText,
    languageCode: i.languageCode,
    recipientName: i.recipientName,
    recipientCompany: i.recipientCompany,
    recipientAddressLine: i.recipientAddressLine,
    recipientStreet: i.recipientStreet,
    recipientBuildingNumber: i.recipientBuildingNumber,
    recipientZip: i.recipientZip,
    recipientCity: i.recipientCity,
    recipientCountryCode: i.recipientCountryCode,
    creditorName: i.creditorName,
    creditorStreet: i.creditorStreet,
    creditorBuildingNumber: i.creditorBuildingNumber,
    creditorZip: i.creditorZip,
    creditorCity: i.creditorCity,
    creditorCountryCode: i.creditorCountryCode,
    iban: i.iban,
    reference: i.reference,
    totalCentimes: i.totalCentimes,
    paidCentimes: i.paidCentimes,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    state: i.state,
  };
}

export function createInvoiceDocumentsJobHandler(deps: {
  db: Db;
  now: () => Date;
  publicUrl: string;
  pdfRenderer: PdfRenderer;
}): JobHandler {
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
      const batchAfter = (afterNumber: number) =>
        deps.db
          .select()
          .from(invoices)
          .where(pendingWhere(scope, afterNumber))
          .orderBy(asc(invoices.number))
          .limit(BATCH);
      const render = (rows: InvoiceRow[]) => {
        const rendering = renderInvoiceBatch(deps.db, deps.pdfRenderer, rows);
        // Awaited in the next turn; should this unit fail first, its rejection is not unhandled.
        rendering.catch(() => undefined);
        return rendering;
      };
      let rows = await batchAfter(cursor.afterNumber);
      let rendering = rows.length > 0 ? render(rows) : undefined;
      while (rendering) {
        const rendered = await rendering;
        // The next batch renders in the threads while this one is stored (at most two in memory).
        const following = await batchAfter(Number(rows.at(-1)!.number));
        rendering = following.length > 0 ? render(following) : undefined;
        const current = cursor;
        const last = Number(rows.at(-1)!.number);
        const stored = rows.length;
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
          const next = { afterNumber: last, done: current.done + stored };
          return { value: next, cursor: next, done: next.done, total: Math.max(total, next.done) };
        });
        rows = following;
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
