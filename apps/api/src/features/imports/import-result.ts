import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Locale } from '@bpw/domain/enums/language';
import type { Db } from '../../db/client';
import type { Message } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { writeWorkbook } from '../../platform/xlsx/write-workbook';
import { dataRows, sheetInfoOf } from './imports.service';
import { findRowResults } from './imports.queries';

type Upload = { id: string; headers: string[]; format: string; encoding: string | null; delimiter: string | null };
const BATCH = 500;

/**
 * The original rows, each with the result column (created, updated, unchanged, or refused and
 * why), in batches: the results of a batch of rows are read in one statement by row number.
 */
async function* resultRows(db: Db, upload: Upload, content: Buffer, locale: Locale): AsyncGenerator<string[][]> {
  let batch: { rowNumber: number; cells: string[] }[] = [];
  const flush = async () => {
    const results = await findRowResults(db, {
      uploadId: upload.id,
      from: batch[0]!.rowNumber,
      to: batch.at(-1)!.rowNumber,
    });
    const byRow = new Map(results.map((r) => [r.rowNumber, r]));
    const width = upload.headers.length;
    const out = batch.map(({ rowNumber, cells }) => {
      const result = byRow.get(rowNumber);
      const text = result
        ? [
            translate(locale, `import.outcome.${result.outcome}`),
            ...((result.reasons ?? []) as Message[]).map((m) => translate(locale, m.key, m.params)),
          ].join(': ')
        : '';
      const padded = [...cells.slice(0, width), ...Array<string>(Math.max(0, width - cells.length)).fill('')];
      return [...padded, text];
    });
    batch = [];
    return out;
  };
  for await (const row of dataRows(content, sheetInfoOf(upload))) {
    batch.push(row);
    if (batch.length >= BATCH) yield await flush();
  }
  if (batch.length > 0) yield await flush();
}

/** The result file: the same format as the upload (CSV as UTF-8 with BOM and the same separator). */
export function resultFile(db: Db, upload: Upload, content: Buffer, locale: Locale) {
  const headers = [...upload.headers, translate(locale, 'import.resultColumn')];
  const rows = resultRows(db, upload, content, locale);
  if (upload.format === 'xlsx') {
    const output = new PassThrough();
    writeWorkbook({
      output,
      sheet: { name: 'Import', columns: headers.map((header) => ({ header, width: 18 })) },
      batches: rows,
      toRow: (row) => row,
    }).catch((error: Error) => output.destroy(error));
    return { contentType: 'xlsx' as const, stream: output as Readable };
  }
  const csv = stringify({ delimiter: upload.delimiter ?? ',', bom: true });
  void (async () => {
    try {
      csv.write(headers);
      for await (const batch of rows)
        for (const row of batch) {
          if (csv.destroyed) return;
          if (!csv.write(row)) await onceDrained(csv);
        }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return { contentType: 'csv' as const, stream: csv as Readable };
}

// A reader gone (closed tab) closes the stream: stop waiting for it.
const onceDrained = (stream: NodeJS.EventEmitter) =>
  new Promise((resolve) => {
    stream.once('drain', resolve);
    stream.once('close', resolve);
  });
