import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type XlsxRow, type XlsxSheetSpec, openXlsx } from './xlsx-writer';

/** Writes the sheets (rows by sheet) and reads the file back with exceljs. */
async function writeAndLoad(sheets: (XlsxSheetSpec & { rows?: XlsxRow[] })[], options: { startOnly?: number } = {}) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = await openXlsx(output, sheets);
  for (const spec of sheets.slice(0, options.startOnly ?? sheets.length)) {
    const sheet = await workbook.nextSheet();
    await sheet.addRows(spec.rows ?? []);
    await sheet.end();
  }
  await workbook.finish();
  expect(output.writableEnded).toBe(true);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book;
}

const twoColumns = [
  { header: 'A', width: 10 },
  { header: 'B', width: 10 },
];

async function writeAndRead(rows: XlsxRow[]) {
  const book = await writeAndLoad([{ name: 'Test', columns: twoColumns, rows }]);
  const values: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
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
      [undefined, Number.NaN],
      [new Date(Number.NaN), Number.POSITIVE_INFINITY],
    ]);
    expect(rows.slice(1)).toEqual([
      [undefined, 'second'],
      [undefined, 3],
    ]);
  });

  it('writes typed cells under a bold, frozen header row with the column widths', async () => {
    const book = await writeAndLoad([
      {
        name: 'Typed',
        columns: [
          { header: 'Text', width: 12 },
          { header: 'Number', width: 8 },
          { header: 'Date', width: 14 },
          { header: 'Boolean', width: 6 },
        ],
        rows: [
          ['Anna', -3.5, new Date('1985-02-03T00:00:00Z'), true],
          ['Ines', 1e6, new Date('2026-05-04T12:00:00Z'), false],
        ],
      },
    ]);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Typed');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect([1, 2, 3, 4].map((i) => sheet.getColumn(i).width)).toEqual([12, 8, 14, 6]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const [text, number, date, boolean] = [1, 2, 3, 4].map((i) => sheet.getRow(2).getCell(i));
    expect([text!.type, number!.type, date!.type, boolean!.type]).toEqual([
      ExcelJS.ValueType.String,
      ExcelJS.ValueType.Number,
      ExcelJS.ValueType.Date,
      ExcelJS.ValueType.Boolean,
    ]);
    expect([text!.value, number!.value, date!.value, boolean!.value]).toEqual([
      'Anna',
      -3.5,
      new Date('1985-02-03T00:00:00Z'),
      true,
    ]);
    expect(date!.numFmt).toBe('dd.mm.yyyy');
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([
      'Ines',
      1e6,
      new Date('2026-05-04T12:00:00Z'),
      false,
    ]);
  });

  it('stores text that starts like a formula as text with an apostrophe, headers included', async () => {
    const book = await writeAndLoad([
      {
        name: 'Formulas',
        columns: [
          { header: '=HYPERLINK("x")', width: 10 },
          { header: 'B', width: 10 },
        ],
        rows: [
          ['=1+1', '+SUM(A1)'],
          ['-2+3*cmd|', '@SUM(A1)'],
          ['+41 31 000 00 00', '-'],
        ],
      },
    ]);
    const sheet = book.worksheets[0]!;
    const cells = [1, 2, 3, 4].flatMap((r) => [1, 2].map((c) => sheet.getRow(r).getCell(c)));
    expect(cells.map((cell) => cell.type)).toEqual(Array(8).fill(ExcelJS.ValueType.String));
    expect(cells.map((cell) => cell.formula)).toEqual(Array(8).fill(undefined));
    expect(cells.map((cell) => cell.value)).toEqual([
      `'=HYPERLINK("x")`,
      'B',
      "'=1+1",
      "'+SUM(A1)",
      "'-2+3*cmd|",
      "'@SUM(A1)",
      '+41 31 000 00 00',
      '-',
    ]);
  });

  it('writes several sheets in order, with valid unique names, a sheet not started with its header only', async () => {
    const book = await writeAndLoad(
      [
        { name: 'Invoices', columns: twoColumns, rows: [['a', 1]] },
        { name: 'invoices', columns: [{ header: 'C', width: 5 }], rows: [['c']] },
        { name: 'Q1/Q2: [open]?', columns: twoColumns },
        { name: "'A very long sheet name that Excel would refuse'", columns: [] },
      ],
      { startOnly: 2 },
    );
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Invoices',
      'invoices (2)',
      'Q1 Q2   open  ',
      'A very long sheet name that Exc',
    ]);
    const values = (index: number) => {
      const rows: unknown[][] = [];
      book.worksheets[index]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    expect([values(0), values(1), values(2), values(3)]).toEqual([
      [
        ['A', 'B'],
        ['a', 1],
      ],
      [['C'], ['c']],
      [['A', 'B']],
      [],
    ]);
  });

  it('refuses a sheet started before the last one ended', async () => {
    const workbook = await openXlsx(new PassThrough().resume(), [
      { name: 'One', columns: twoColumns },
      { name: 'Two', columns: twoColumns },
    ]);
    await workbook.nextSheet();
    await expect(workbook.nextSheet()).rejects.toThrow('not ended');
    await expect(workbook.finish()).rejects.toThrow('not ended');
  });
});
