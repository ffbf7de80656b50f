import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';

export type Cell = string | number | null;

/**
 * Formula injection (OWASP "CSV injection"): a text starting with = + - @ (or a tab or carriage
 * return) could run as a formula in a spreadsheet, so it gets a leading apostrophe. Plain
 * numbers ("-3.5") and phone-like texts stay as they are: they make no formula that calls anything.
 */
const formulaStart = /^[=+\-@\t\r]/;
const harmless = /^[+-][\d\s()./-]*$/;
export const neutralizeCell = (value: Cell): Cell =>
  typeof value === 'string' && formulaStart.test(value) && !harmless.test(value) ? `'${value}` : value;

/**
 * Streams an xlsx into `output` with exceljs's WorkbookWriter, no shared strings (constant
 * memory, DESIGN "Facts"); waits for the client between batches and yields to the event loop.
 */
export async function writeRegistrationWorkbook<T>(options: {
  output: Writable;
  sheetName: string;
  headers: { header: string; width: number }[];
  batches: AsyncIterable<T[]>;
  toCells: (item: T) => Cell[];
}): Promise<number> {
  const { output } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  // Headers too: custom field titles are user input.
  sheet.columns = options.headers.map(({ header, width }, i) => ({
    header: String(neutralizeCell(header)),
    key: `c${i}`,
    width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const batch of options.batches) {
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

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
