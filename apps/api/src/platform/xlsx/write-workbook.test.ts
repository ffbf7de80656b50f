import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeWorkbook, writeWorkbookText } from './write-workbook';
import { unzipEntries } from '../../../test/unzip';
import { SheetRowText } from './xlsx-writer';

const sheet = {
  name: 'Rows',
  columns: [
    { header: 'Number', width: 10 },
    { header: 'Text', width: 30 },
  ],
};

/** Batches of `size` rows, noting how many were read and whether the source was closed. */
function source(batchCount: number, size: number, options: { failAt?: number } = {}) {
  const state = { read: 0, isClosed: false };
  const batches = (async function* () {
    try {
      for (let b = 0; b < batchCount; b++) {
        if (b === options.failAt) throw new Error('the database went away');
        state.read++;
        // Text that does not deflate to nothing, so the output fills up.
        yield Array.from({ length: size }, (_, i) => b * size + i);
      }
    } finally {
      state.isClosed = true;
    }
  })();
  return { state, batches };
}
const toRow = (n: number) => [n, `${n} ${Math.sin(n).toString(36)} ${Math.cos(n).toString(36)}`];

describe('writing a workbook from batches', () => {
  it('writes every row, ends the output and answers the count', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const { state, batches } = source(3, 400);
    expect(await writeWorkbook({ output, sheet, batches, toRow })).toBe(1200);
    expect(output.writableEnded).toBe(true);
    expect(state).toEqual({ read: 3, isClosed: true });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!;
    expect(rows.rowCount).toBe(1201);
    expect(rows.getRow(1201).getCell(1).value).toBe(1199);
  });

  it('stops and closes its source when the reader goes away while it waits for the reader', async () => {
    const output = new PassThrough();
    const { state, batches } = source(1000, 1000);
    const written = writeWorkbook({ output, sheet, batches, toRow });
    const settled = written.then(
      () => 'finished',
      (error: Error) => error.message,
    );
    // Nobody reads: the writer fills the buffers (about a megabyte of sheet text) and waits.
    await sleep(300);
    const readBefore = state.read;
    await sleep(100);
    expect(state.read).toBe(readBefore);
    expect(readBefore).toBeLessThan(50);
    output.destroy();
    expect(await settled).toMatch(/closed|aborted/);
    expect(state.isClosed).toBe(true);
    expect(state.read).toBeLessThanOrEqual(readBefore + 1);
  });

  it('fails when a batch fails, and writes nothing after it', async () => {
    const output = new PassThrough().resume();
    const { state, batches } = source(5, 100, { failAt: 2 });
    await expect(writeWorkbook({ output, sheet, batches, toRow })).rejects.toThrow('the database went away');
    expect(state).toEqual({ read: 2, isClosed: true });
    expect(output.writableEnded).toBe(false);
  });
});

describe('writing a workbook from rows already written as text (issue 20)', () => {
  /** The whole file written into a stream that is read at once. */
  async function fileOf(write: (output: PassThrough) => Promise<number>) {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const count = await write(output);
    return { count, file: Buffer.concat(chunks) };
  }
  // Every kind of cell, formulas, markup, outer space and characters XML does not allow.
  const cells = (n: number) => [
    n,
    n % 3 === 0 ? `=SUM(A${n})` : `Zeile ${n} <b>&"ü"</b>\u0001 ${Math.sin(n).toString(36)}`,
    n % 4 === 0 ? null : ` ${n} `,
    new Date(Date.UTC(1950, 0, 1 + n)),
    n % 2 === 0,
    n % 5 === 0 ? '+41 31 000 00 00' : '-x',
  ];
  const wide = { name: 'Rows', columns: Array.from({ length: 6 }, (_, i) => ({ header: `@H${i}`, width: 10 })) };

  it('writes the same content as the rows written by the writer itself', async () => {
    const batches = [200, 1, 0, 777].map((size, b) => Array.from({ length: size }, (_, i) => b * 1000 + i));
    const direct = await fileOf((output) =>
      writeWorkbook({
        output,
        sheet: wide,
        batches: (async function* () {
          yield* batches;
        })(),
        toRow: cells,
      }),
    );
    const rowText = new SheetRowText(wide.columns.length);
    const encoder = new TextEncoder();
    const asText = await fileOf((output) =>
      writeWorkbookText({
        output,
        sheet: wide,
        chunks: (async function* () {
          for (const batch of batches)
            yield { text: encoder.encode(rowText.text(batch.map(cells))), rowCount: batch.length };
        })(),
      }),
    );
    expect(asText.count).toBe(direct.count);
    // The same bytes in every part; the deflated bytes differ with the pieces deflate was given.
    const [textEntries, directEntries] = [unzipEntries(asText.file), unzipEntries(direct.file)];
    expect([...textEntries.keys()]).toEqual([...directEntries.keys()]);
    for (const [name, content] of directEntries) expect(textEntries.get(name)!.equals(content), name).toBe(true);
    expect(directEntries.get('xl/worksheets/sheet1.xml')!.length).toBeGreaterThan(100_000);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(asText.file as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(979);
    expect(book.worksheets[0]!.getRow(5).getCell(2).value).toBe("'=SUM(A3)");
  });

  it('stops and closes its source when the reader goes away', async () => {
    const output = new PassThrough();
    const state = { read: 0, isClosed: false };
    const rowText = new SheetRowText(2);
    const chunks = (async function* () {
      try {
        for (let b = 0; b < 1000; b++) {
          state.read++;
          const text = rowText.text(Array.from({ length: 1000 }, (_, i) => toRow(b * 1000 + i)));
          yield { text: new TextEncoder().encode(text), rowCount: 1000 };
        }
      } finally {
        state.isClosed = true;
      }
    })();
    const settled = writeWorkbookText({ output, sheet, chunks }).then(
      () => 'finished',
      (error: Error) => error.message,
    );
    await sleep(300);
    expect(state.read).toBeLessThan(50);
    output.destroy();
    expect(await settled).toMatch(/closed|aborted/);
    expect(state.isClosed).toBe(true);
  });
});
