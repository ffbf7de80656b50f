import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CellValue, ExportColumn } from './export-columns';
import { openXlsx } from './xlsx-writer';

/**
 * Formula injection (OWASP "CSV injection"): a text cell starting with = + - @ or a tab or
 * carriage return could be read as a formula by a spreadsheet, so it gets a leading apostrophe.
 * Phone-like values ("+41 31 000 00 00", "-") are left alone: digits, spaces and ()./- make no
 * formula that could call a function, and a phone number with an apostrophe would be a defect.
 */
const formulaStart = /^[=+\-@\t\r]/;
const phoneLike = /^[+-][\d\s()./-]*$/;
export const neutralizeCell = (value: CellValue): CellValue =>
  typeof value === 'string' && formulaStart.test(value) && !phoneLike.test(value) ? `'${value}` : value;

const ROWS_PER_TURN = 250;

/**
 * Streams an xlsx to `output` (xlsx-writer.ts: constant memory, docs/performance.md "Export").
 * Every 250 rows become one piece of sheet text; between them the writer waits for the client
 * to drain and yields to the event loop, so other requests keep being served.
 */
export async function writeWorkbook<T>(options: {
  output: Writable;
  sheetName: string;
  columns: { header: string; column: ExportColumn }[];
  batches: AsyncIterable<T[]>;
  toCells: (item: T) => CellValue[];
}): Promise<number> {
  const { output } = options;
  const sheet = await openXlsx(output, {
    sheetName: options.sheetName,
    columns: options.columns.map(({ header, column }) => ({ header, width: column.width })),
  });
  let count = 0;
  for await (const batch of options.batches) {
    // The client went away: stop reading (writing would wait for a stream that never drains).
    if (output.destroyed) throw new Error('export download aborted');
    // A slice at a time, yielding in between: a whole batch of sheet text kept the event loop
    // from other requests for tens of milliseconds.
    for (let start = 0; start < batch.length; start += ROWS_PER_TURN) {
      const slice = batch.slice(start, start + ROWS_PER_TURN);
      await sheet.addRows(slice.map((item) => options.toCells(item).map(neutralizeCell)));
      await nextTurn();
    }
    count += batch.length;
  }
  await sheet.finish();
  output.end();
  return count;
}
