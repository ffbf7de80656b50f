import type { Actor } from '@bpw/domain/actor';
import type { ExportFormat } from '@bpw/domain/enums/export-format';
import type { Locale } from '@bpw/domain/enums/language';
import type { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { startModuleWorker, workerModuleUrl } from '../../platform/worker-threads';
import type { ExportCursorQuery } from './export.queries';

/**
 * Issue 20: on PostgreSQL the export reads, decodes and writes its sheet text on a thread of its
 * own (export-sheet.worker.ts), with a connection of its own; the API's thread receives each
 * batch's SpreadsheetML as bytes, records the batch's person ids and deflates the bytes into the
 * response. It took 22 µs a person (90 % of a core) from the event loop before.
 */
export type ExportThreadTask = {
  /** The pool's connection settings (its URL and server options), for the thread's own connection. */
  connection: { connectionString?: string; options?: string };
  query: ExportCursorQuery;
  batchSize: number;
  statementTimeoutMs: number;
  format: ExportFormat;
  locale: Locale;
  actor: Actor;
  clubNames: [string, string][];
  /** Batches the thread may send before the first is written; one more for each written. */
  chunksAhead: number;
};

/** The API's thread to the export's. */
export type ExportThreadCommand = { type: 'task'; task: ExportThreadTask } | { type: 'next' } | { type: 'stop' };

/** The export's thread to the API's: a batch's rows, then one of the task's ends. */
export type ExportThreadMessage =
  | { type: 'rows'; personIds: string[]; rowCount: number; text: Uint8Array }
  | { type: 'done' }
  | { type: 'stopped' }
  | { type: 'error'; message: string };

export type ExportSheetChunk = { personIds: string[]; rowCount: number; text: Uint8Array };

/**
 * Batches built ahead of the one being written (500 persons, about 0.5 MB of text each for
 * allData): enough to keep the thread busy while the API's thread records a batch, and a slow
 * download holds no more than these in memory.
 */
const CHUNKS_AHEAD = 3;
/** A thread that does not end its task this long after it was told to stop is terminated (its connection closes with it). */
const STOP_MS = 5_000;
/**
 * A thread that finished its task waits this long for the next export before it ends: starting
 * one (tsx loads the worker's TypeScript in it) takes 0.3 to 3 s depending on the machine's load.
 */
const IDLE_MS = 30_000;

const workerUrl = workerModuleUrl('export-sheet.worker', import.meta.url);

/** `release` takes back the listeners of its idle time. */
type Thread = { worker: Worker; idle?: NodeJS.Timeout; release?: () => void };
/** Threads between exports, at most as many as exports may read by cursor at once. */
const idleThreads: Thread[] = [];

function takeThread(): Thread {
  const thread = idleThreads.pop();
  if (!thread) return { worker: startModuleWorker(workerUrl) };
  clearTimeout(thread.idle);
  thread.idle = undefined;
  thread.release?.();
  thread.worker.ref();
  return thread;
}

/** Back among the idle threads after a task that ended as agreed; it ends after IDLE_MS without work. */
function giveBack(thread: Thread) {
  const { worker } = thread;
  // A failure while idle ends it; an error event without a listener would end the process.
  const onError = () => void worker.terminate();
  worker.on('error', onError);
  worker.once('exit', () => {
    const index = idleThreads.indexOf(thread);
    if (index >= 0) idleThreads.splice(index, 1);
    clearTimeout(thread.idle);
  });
  thread.release = () => worker.off('error', onError);
  // An idle thread does not keep the process alive.
  worker.unref();
  thread.idle = setTimeout(() => void worker.terminate(), IDLE_MS);
  thread.idle.unref();
  idleThreads.push(thread);
}

/** The settings a connection of the export's thread needs: the pool's URL and server options (statement timeout, jit). */
export const connectionOf = (pool: pg.Pool): ExportThreadTask['connection'] => {
  const { connectionString, options } = pool.options;
  return { ...(connectionString ? { connectionString } : {}), ...(options ? { options } : {}) };
};

/**
 * Runs the export on a thread (an idle one, else a new one) and yields each batch's text as the
 * thread sends it; the next batch is asked for when the consumer asks for the next chunk
 * (backpressure). The task is sent once `task` resolves (a new thread starts meanwhile).
 * Closing the generator early (a download broken off) or a failure stops the task: the thread
 * rolls its transaction back and closes its connection, and the generator returns only once it
 * has (or the thread was terminated). A thread that fails or ends makes the generator throw; it
 * never takes the process down. A thread whose task ended as agreed waits for the next export.
 */
export async function* readSheetChunks(
  task: () => Promise<Omit<ExportThreadTask, 'chunksAhead'>>,
): AsyncGenerator<ExportSheetChunk> {
  const thread = takeThread();
  const { worker } = thread;
  const queue: ExportThreadMessage[] = [];
  let failure: Error | undefined;
  let hasExited = false;
  /** The task's last message came ('done', 'stopped' or 'error'): the thread is free again. */
  let hasEnded = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const next = () => new Promise<void>((resolve) => (wake = resolve));
  const onExit = (code: number) => {
    hasExited = true;
    failure ??= new Error(`export thread exited with code ${code}`);
    notify();
  };
  const onMessage = (message: ExportThreadMessage) => {
    if (message.type !== 'rows') hasEnded = true;
    queue.push(message);
    notify();
  };
  const onError = (error: Error) => {
    failure ??= error;
    notify();
  };
  worker.once('exit', onExit);
  worker.on('message', onMessage);
  // Listened to until the thread is idle again (giveBack listens then): an error event without a
  // listener would end the process.
  worker.on('error', onError);
  worker.on('messageerror', onError);
  const send = (command: ExportThreadCommand) => {
    if (!hasExited) worker.postMessage(command);
  };
  let isTaskSent = false;
  try {
    const ready = await task();
    send({ type: 'task', task: { ...ready, chunksAhead: CHUNKS_AHEAD } });
    isTaskSent = true;
    for (;;) {
      // Messages sent before the thread failed are read first.
      while (queue.length === 0 && !failure) await next();
      const message = queue.shift();
      if (!message) throw failure!;
      if (message.type === 'error') throw new Error(`export thread: ${message.message}`);
      if (message.type !== 'rows') return;
      yield { personIds: message.personIds, rowCount: message.rowCount, text: message.text };
      send({ type: 'next' });
    }
  } finally {
    if (isTaskSent && !hasEnded && !hasExited) {
      send({ type: 'stop' });
      const timer = setTimeout(() => void worker.terminate(), STOP_MS);
      while (!hasEnded && !hasExited) await next();
      clearTimeout(timer);
    }
    // A thread that failed, or was given up on, is not used again.
    const isFree = !hasExited && !(failure && !hasEnded);
    if (isFree) giveBack(thread);
    worker.off('exit', onExit);
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('messageerror', onError);
    if (!isFree) {
      worker.on('error', () => undefined);
      await worker.terminate();
    }
  }
}
