import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf } from './invoice-pdf';
import type { PdfTask, PdfTaskResult } from './invoice-pdf-pool';

/** Issue 17: a thread of the PDF pool (invoice-pdf-pool.ts): renders the invoices of a task in order. */
parentPort!.on('message', async (task: PdfTask) => {
  let result: PdfTaskResult;
  try {
    const pdfs: Uint8Array[] = [];
    for (const item of task.items) pdfs.push(await renderInvoicePdf(item.document, item.options));
    result = { id: task.id, pdfs };
  } catch (error) {
    result = { id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(result);
});
