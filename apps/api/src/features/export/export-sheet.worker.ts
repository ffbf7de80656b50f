import { parentPort } from 'node:worker_threads';
import pg from 'pg';
import { SheetRowText } from '../../platform/xlsx/xlsx-writer';
import { readBatches } from './export-batches';
import { readExportBatchesByCursor } from './export.queries';
import { exportSheet } from './export-sheet';
import type { ExportThreadCommand, ExportThreadMessage, ExportThreadTask } from './export-thread';

/**
 * Issue 20: a thread of the export (export-thread.ts), one export at a time. Reads the cursor on
 * a connection of its own, completes the rows and writes their SpreadsheetML, and sends each
 * batch's text as bytes (transferred, not copied) with the batch's person ids, at most
 * `chunksAhead` batches ahead of the API's thread. 'stop' ends the task at the next batch: the
 * cursor is rolled back and the connection closed. Every task ends with one message, 'done',
 * 'stopped' or 'error', sent once its connection is closed; then the thread waits for the next.
 */
const port = parentPort!;
let credits = 0;
let isRunning = false;
let isStopped = false;
let wake: (() => void) | undefined;

port.on('message', (command: ExportThreadCommand) => {
  if (command.type === 'task') void run(command.task);
  else if (command.type === 'next') credits++;
  // A 'stop' between tasks (the last one ended as it was sent) has nothing left to stop.
  else if (isRunning) isStopped = true;
  const resume = wake;
  wake = undefined;
  resume?.();
});

const send = (message: ExportThreadMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function run(task: ExportThreadTask) {
  isRunning = true;
  isStopped = false;
  credits = task.chunksAhead;
  // One connection, with the pool's settings (statement timeout, jit); the cursor sets its own timeout.
  const pool = new pg.Pool({ ...task.connection, max: 1 });
  // A connection lost while idle must not end the thread with an unhandled error.
  pool.on('error', () => undefined);
  let end: ExportThreadMessage = { type: 'done' };
  try {
    const sheet = exportSheet(task.format, task.locale, task.actor);
    const rowText = new SheetRowText(sheet.spec.columns.length);
    const encoder = new TextEncoder();
    const clubNames = new Map(task.clubNames);
    const batches = readBatches({
      source: readExportBatchesByCursor(pool, task),
      // The API's thread records each batch before it writes it.
      record: async () => undefined,
      clubNames: async () => clubNames,
    });
    for await (const batch of batches) {
      if (isStopped) break;
      const personIds = batch.map((person) => person.id);
      const text = encoder.encode(rowText.text(batch.map(sheet.toRow)));
      while (credits === 0 && !isStopped) await new Promise<void>((resolve) => (wake = resolve));
      if (isStopped) break;
      credits--;
      send({ type: 'rows', personIds, rowCount: batch.length, text }, [text.buffer as ArrayBuffer]);
    }
    if (isStopped) end = { type: 'stopped' };
  } catch (error) {
    end = { type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  } finally {
    await pool.end().catch(() => undefined);
  }
  isRunning = false;
  send(end);
}
