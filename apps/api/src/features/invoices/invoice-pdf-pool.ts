import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker, workerModuleUrl } from '../../platform/worker-threads';
import { type InvoiceDocument, type RenderOptions, renderInvoicePdf } from './invoice-pdf';

/**
 * Issue 17: invoice PDFs are rendered in a small pool of worker threads (PDF_RENDER_THREADS, by
 * default one less than the machine's cores, at least one), so a fee run's 100,000 PDFs never hold
 * up the requests on the main thread, and several cores render at once. A batch is split evenly
 * over the threads; each thread renders its part in order. Threads start with the first batch and
 * end after a while without work; 0 threads renders on the main thread (as before the pool).
 */
export type PdfItem = { document: InvoiceDocument; options?: RenderOptions };
export type PdfTask = { id: number; items: PdfItem[] };
export type PdfTaskResult = { id: number; pdfs: Uint8Array[] } | { id: number; error: string };

export type PdfRenderer = {
  /** The PDFs of the items, in their order. */
  render(items: readonly PdfItem[]): Promise<Buffer[]>;
  /** Ends the threads; a batch still rendering fails. */
  close(): Promise<void>;
};

/** One less than the cores, at least one. */
export const defaultPdfRenderThreads = () => Math.max(1, os.availableParallelism() - 1);

const IDLE_MS = 30_000;

/** Renders on the calling thread, one after another. */
export function createInlinePdfRenderer(): PdfRenderer {
  return {
    async render(items) {
      const pdfs: Buffer[] = [];
      for (const item of items) pdfs.push(await renderInvoicePdf(item.document, item.options));
      return pdfs;
    },
    async close() {},
  };
}

type Pending = { task: PdfTask; resolve: (pdfs: Buffer[]) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; pending?: Pending; idle?: NodeJS.Timeout };

export function createPdfRenderer(options: { threads?: number; idleMs?: number } = {}): PdfRenderer {
  const size = options.threads ?? defaultPdfRenderThreads();
  if (size <= 0) return createInlinePdfRenderer();
  const idleMs = options.idleMs ?? IDLE_MS;
  const threads: Thread[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const settle = (thread: Thread, error?: Error, pdfs?: Buffer[]) => {
    const pending = thread.pending;
    thread.pending = undefined;
    thread.worker.unref();
    if (!pending) return;
    if (error) pending.reject(error);
    else pending.resolve(pdfs!);
  };
  const retire = (thread: Thread, error: Error) => {
    const index = threads.indexOf(thread);
    if (index >= 0) threads.splice(index, 1);
    clearTimeout(thread.idle);
    settle(thread, error);
  };

  function spawn(): Thread {
    const thread: Thread = { worker: startWorker() };
    thread.worker.on('message', (result: PdfTaskResult) => {
      if ('error' in result) settle(thread, new Error(`PDF thread: ${result.error}`));
      else
        settle(
          thread,
          undefined,
          result.pdfs.map((pdf) => Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)),
        );
      dispatch();
    });
    thread.worker.on('error', (error) => {
      retire(thread, error);
      void thread.worker.terminate();
      dispatch();
    });
    thread.worker.on('exit', (code) => {
      retire(thread, new Error(closed ? 'PDF threads closed' : `PDF thread exited with code ${code}`));
      dispatch();
    });
    threads.push(thread);
    return thread;
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let thread = threads.find((t) => !t.pending);
      if (!thread) {
        if (threads.length >= size) break;
        thread = spawn();
      }
      const pending = queue.shift()!;
      clearTimeout(thread.idle);
      thread.idle = undefined;
      thread.pending = pending;
      // A busy thread keeps the process alive; an idle one does not.
      thread.worker.ref();
      thread.worker.postMessage(pending.task);
    }
    for (const thread of threads) {
      if (thread.pending || thread.idle) continue;
      thread.idle = setTimeout(() => {
        // Out of the pool first, so no batch goes to a thread that is ending.
        const index = threads.indexOf(thread);
        if (index >= 0) threads.splice(index, 1);
        void thread.worker.terminate();
      }, idleMs);
      thread.idle.unref();
    }
  }

  return {
    async render(items) {
      if (closed) throw new Error('PDF threads closed');
      if (items.length === 0) return [];
      const parts = Math.min(size, items.length);
      const per = Math.ceil(items.length / parts);
      const results: Array<Promise<Buffer[]>> = [];
      for (let start = 0; start < items.length; start += per) {
        const task = { id: nextId++, items: items.slice(start, start + per) };
        results.push(new Promise((resolve, reject) => queue.push({ task, resolve, reject })));
      }
      dispatch();
      return (await Promise.all(results)).flat();
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('PDF threads closed'));
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

const workerUrl = workerModuleUrl('invoice-pdf.worker', import.meta.url);
const startWorker = () => startModuleWorker(workerUrl);
