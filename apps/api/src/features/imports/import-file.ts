import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppError } from '../../platform/errors';
import { PackedStrings } from './packed-strings';

/** Issue 16: at most 50 MB per file and 10 MB per line (docs/decisions/import.md). */
export const IMPORT_MAX_MB = 50;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
export const LINE_MAX_MB = 10;
const LINE_MAX_BYTES = LINE_MAX_MB * 1024 * 1024;

export type ImportFormat = 'csv' | 'xlsx';
export type CsvDelimiter = ',' | ';' | '\t';
export type SheetInfo = {
  format: ImportFormat;
  encoding: 'utf-8' | 'windows-1252' | null;
  delimiter: CsvDelimiter | null;
};

const notSpreadsheet = () => new AppError('UnsupportedMediaType', ['import.error.notSpreadsheet']);
export const emptyFile = () => new AppError('BadRequest', ['import.error.empty']);
const unreadable = (row: number) => new AppError('BadRequest', [{ key: 'import.error.unreadable', params: { row } }]);

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Format, encoding and delimiter, judged by the content (never by the file's name). */
export function sniffFile(bytes: Buffer): SheetInfo {
  if (bytes.length === 0) throw emptyFile();
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  if (isZip(bytes)) return { format: 'xlsx', encoding: null, delimiter: null };
  // Text files hold no NUL byte (UTF-16 and binaries do): not a CSV we read.
  if (bytes.subarray(0, 64 * 1024).includes(0)) throw notSpreadsheet();
  const encoding = isUtf8(bytes) ? 'utf-8' : 'windows-1252';
  const head = decode(bytes.subarray(0, 64 * 1024), encoding);
  return { format: 'csv', encoding, delimiter: detectDelimiter(head) };
}

export const tooLarge = () =>
  new AppError('PayloadTooLarge', [{ key: 'import.error.tooLarge', params: { max: IMPORT_MAX_MB } }]);

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Windows-1252 through iconv-lite: Node's TextDecoder maps 0x80-0x9F wrongly (DESIGN "Facts"). */
function decode(bytes: Buffer, encoding: 'utf-8' | 'windows-1252'): string {
  const text = encoding === 'utf-8' ? bytes.toString('utf8') : iconv.decode(bytes, 'win1252');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The separator that splits the first line into the most columns (quotes skipped). */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let isQuoted = false;
  for (const ch of text) {
    if (ch === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (ch === '\n' || ch === '\r')) break;
    else if (!isQuoted && ch in counts) counts[ch as CsvDelimiter]++;
  }
  const best = (Object.keys(counts) as CsvDelimiter[]).sort((a, b) => counts[b] - counts[a])[0]!;
  return counts[best] > 0 ? best : ',';
}

/** The xlsx writer's formula neutralisation undone: "'=x" was "=x" (platform/xlsx/formula-injection.ts). */
const neutralized = /^'[=+\-@\t\r]/;
const cellText = (text: string) => (neutralized.test(text) ? text.slice(1) : text);

/**
 * The rows of the file, header first, each as texts (empty cells ""). CSV through csv-parse,
 * xlsx through exceljs's streaming reader (first sheet only); a formula refuses the file.
 */
export async function* readRows(bytes: Buffer, info: SheetInfo): AsyncGenerator<string[]> {
  if (info.format === 'csv') yield* readCsv(bytes, info);
  else yield* readXlsx(bytes);
}

async function* readCsv(bytes: Buffer, info: SheetInfo): AsyncGenerator<string[]> {
  const parser = Readable.from([decode(bytes, info.encoding ?? 'utf-8')]).pipe(
    parse({
      delimiter: info.delimiter ?? ',',
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: LINE_MAX_BYTES,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record.map(cellText);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw new AppError('BadRequest', [{ key: 'import.error.lineTooLong', params: { max: LINE_MAX_MB } }]);
    if (typeof code === 'string' && code.startsWith('CSV_'))
      throw unreadable(Number((error as { lines?: number }).lines ?? 0));
    throw error;
  } finally {
    parser.destroy();
  }
}

type CellValue = ExcelJS.CellValue;

/** The shared-string table may unzip to at most this much text (a 50 MB file of repeats could hold gigabytes). */
const SHARED_STRINGS_MAX_BYTES = 512 * 1024 * 1024;

const richTextOf = (value: { richText: { text: string }[] }) => value.richText.map((r) => r.text).join('');

function xlsxCellText(value: CellValue, address: () => string, strings: PackedStrings): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return cellText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value)
      throw new AppError('BadRequest', [{ key: 'import.error.formula', params: { cell: address() } }]);
    if ('sharedString' in value) return cellText(strings.get(Number(value.sharedString)) ?? '');
    if ('richText' in value) return cellText(richTextOf(value));
    if ('text' in value) return cellText(String(value.text));
    if ('error' in value) return '';
  }
  return String(value as unknown);
}

/** What exceljs's reader yields with `sharedStrings: 'emit'`: a sheet, or the next shared string. */
type ReaderItem =
  | { eventType: 'worksheet'; value: AsyncIterable<ExcelJS.Row> }
  | { eventType?: undefined; index: number; text: string | { richText: { text: string }[] } | null };

async function* readXlsx(bytes: Buffer): AsyncGenerator<string[]> {
  let reader: ExcelJS.stream.xlsx.WorkbookReader;
  try {
    // The shared strings are emitted and packed here (exceljs's cache holds each as a JS string);
    // exceljs then parks the sheet in a temporary file until the table has been read.
    reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      sharedStrings: 'emit',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    });
  } catch {
    throw notSpreadsheet();
  }
  const strings = new PackedStrings();
  let isSheetRead = false;
  try {
    for await (const item of (reader as unknown as { parse(): AsyncIterable<ReaderItem> }).parse()) {
      if (item.eventType === undefined) {
        const text = item.text === null ? '' : typeof item.text === 'string' ? item.text : richTextOf(item.text);
        if (!strings.add(text, SHARED_STRINGS_MAX_BYTES)) throw tooLarge();
        continue;
      }
      if (isSheetRead) continue;
      isSheetRead = true;
      for await (const row of item.value) {
        const values = row.values as CellValue[];
        const cells: string[] = [];
        for (let column = 1; column < values.length; column++) {
          cells.push(xlsxCellText(values[column], () => `${columnLetters(column)}${row.number}`, strings));
        }
        if (cells.some((c) => c.trim() !== '')) yield cells;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notSpreadsheet();
  }
  if (!isSheetRead) throw notSpreadsheet();
}

function columnLetters(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
