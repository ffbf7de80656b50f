import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openXlsx } from './xlsx-writer';

async function writeAndRead(rows: (string | number | Date | null)[][]) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const sheet = await openXlsx(output, {
    sheetName: 'Test',
    columns: [
      { header: 'A', width: 10 },
      { header: 'B', width: 10 },
    ],
  });
  await sheet.addRows(rows);
  await sheet.finish();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return values;
}

describe('the xlsx writer', () => {
  it('keeps leading and trailing spaces, escapes markup and drops characters XML forbids', async () => {
    const rows = await writeAndRead([
      [' indented', 'trailing\u00a0'],
      ['a < b & "c"', 'bell\u0007 rings'],
      ['\u2003em space', 'plain'],
    ]);
    expect(rows.slice(1)).toEqual([
      [' indented', 'trailing\u00a0'],
      ['a < b & "c"', 'bell rings'],
      ['\u2003em space', 'plain'],
    ]);
  });

  it('leaves an empty cell empty and puts the next one in its own column', async () => {
    const rows = await writeAndRead([
      [null, 'second'],
      ['', 3],
    ]);
    expect(rows.slice(1)).toEqual([
      [undefined, 'second'],
      [undefined, 3],
    ]);
  });
});
