import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type XlsxRow, type XlsxSheetSpec, openXlsx } from './xlsx-writer';

const ROWS_PER_TURN = 250;

/**
 * Streams a one-sheet xlsx of `batches` to `output` and ends it; answers the number of rows.
 * Every 250 rows become one piece of sheet text; between them the writer waits for the reader
 * to drain and yields to the event loop, so other requests keep being served. A reader gone
 * (`output` closed) or a failing batch rejects the promise, and the batches' source is closed
 * (`for await` returns it): the caller destroys `output` with the error, so the download is
 * broken off instead of hanging, and a cursor behind the batches gives its connection back.
 */
export async function writeWorkbook<T>(options: {
  output: Writable;
  sheet: XlsxSheetSpec;
  batches: AsyncIterable<readonly T[]>;
  toRow: (item: T) => XlsxRow;
}): Promise<number> {
  const { output } = options;
  const workbook = await openXlsx(output, [options.sheet]);
  const sheet = await workbook.nextSheet();
  let count = 0;
  for await (const batch of options.batches) {
    // The reader went away: stop reading (the writer would fail at its next write anyway).
    if (output.destroyed) throw new Error('xlsx download aborted');
    // A slice at a time, yielding in between: a whole batch of sheet text kept the event loop
    // from other requests for tens of milliseconds.
    for (let start = 0; start < batch.length; start += ROWS_PER_TURN) {
      await sheet.addRows(batch.slice(start, start + ROWS_PER_TURN).map((item) => options.toRow(item)));
      await nextTurn();
    }
    count += batch.length;
  }
  await sheet.end();
  await workbook.finish();
  return count;
}

/**
 * Streams a one-sheet xlsx whose rows come as SpreadsheetML already (`SheetRowText` on another
 * thread: the export, issue 20) to `output` and ends it; answers the number of rows. As
 * `writeWorkbook`: each piece waits for the reader to drain, and a reader gone or a failing
 * source rejects the promise after closing the source.
 */
export async function writeWorkbookText(options: {
  output: Writable;
  sheet: XlsxSheetSpec;
  chunks: AsyncIterable<{ text: Uint8Array; rowCount: number }>;
}): Promise<number> {
  const { output } = options;
  const workbook = await openXlsx(output, [options.sheet]);
  const sheet = await workbook.nextSheet();
  let count = 0;
  for await (const chunk of options.chunks) {
    if (output.destroyed) throw new Error('xlsx download aborted');
    await sheet.addRowText(chunk.text, chunk.rowCount);
    count += chunk.rowCount;
  }
  await sheet.end();
  await workbook.finish();
  return count;
}
