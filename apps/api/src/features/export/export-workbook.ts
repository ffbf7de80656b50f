import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { CellValue, ExportColumn } from './export-columns';

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

/**
 * Streams an xlsx to `output` with exceljs's WorkbookWriter (no shared strings: constant memory,
 * DESIGN "Facts"). Each batch is committed row by row; between batches the writer waits for the
 * client to drain and yields to the event loop, so other requests keep being served.
 */
export async function writeWorkbook<T>(options: {
  output: Writable;
  sheetName: string;
  columns: { header: string; column: ExportColumn }[];
  batches: AsyncIterable<T[]>;
  toCells: (item: T) => CellValue[];
}): Promise<number> {
  const { output } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = options.columns.map(({ header, column }) => ({
    header,
    key: column.key,
    width: column.width,
    ...(column.key === 'birthday' ? { style: { numFmt: 'dd.mm.yyyy' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const batch of options.batches) {
    // The client went away: stop reading (committing would wait for a stream that never finishes).
    if (output.destroyed) throw new Error('export download aborted');
    for (const item of batch) {
      sheet.addRow(options.toCells(item).map(neutralizeCell)).commit();
      count++;
    }
    if (output.writableNeedDrain) await once(output, 'drain');
    await nextTurn();
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
