import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeWorkbook } from './write-workbook';

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
