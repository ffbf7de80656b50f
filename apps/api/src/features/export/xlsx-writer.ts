import type { Writable } from 'node:stream';
import type { CellValue } from './export-columns';
import { ZipWriter } from './xlsx-zip';

/**
 * A streaming xlsx writer for one sheet of plain cells: inline strings, numbers and dates
 * (dd.mm.yyyy), a bold frozen header row and column widths. It writes the SpreadsheetML text
 * itself and deflates it on the way out, about ten times faster than exceljs's streaming
 * writer, in constant memory (docs/performance.md "Export").
 */
export type XlsxColumn = { header: string; width: number; isDate?: boolean };

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const STYLE_DATE = 1;
const STYLE_HEADER = 2;

// Characters XML 1.0 does not allow at all are dropped; the rest of the markup is escaped.
// eslint-disable-next-line no-control-regex -- these control characters are what the pattern is for
const invalid = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const markup = /[&<>"]/g;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// eslint-disable-next-line no-control-regex -- as above
const needsWork = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
export const escapeXml = (text: string) =>
  needsWork.test(text) ? text.replace(invalid, '').replace(markup, (m) => entities[m]!) : text;
/** Leading or trailing white space (kept only with xml:space="preserve"); a regex cost more per cell. */
const hasOuterSpace = (text: string) => isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1));
const isSpace = (code: number) =>
  code <= 32 || code === 0xa0 || (code >= 0x2000 && /\s/.test(String.fromCharCode(code)));

/** A, B, ..., Z, AA, AB, ... */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

// Excel's day 0 is 1899-12-30 (with the 1900 leap-year bug folded in).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * One cell with its address. The address is optional in SpreadsheetML, but readers such as
 * exceljs fail without it, so it stays although it is a fifth of the sheet's text.
 */
function cellXml(ref: string, value: CellValue, style: number): string {
  if (value === null || value === '') return '';
  const r = ` r="${ref}"`;
  if (typeof value === 'number') return `<c${r}${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
  if (value instanceof Date)
    return `<c${r} s="${STYLE_DATE}"><v>${(value.getTime() - EXCEL_EPOCH_MS) / DAY_MS}</v></c>`;
  const space = hasOuterSpace(value) ? ' xml:space="preserve"' : '';
  return `<c${r}${style ? ` s="${style}"` : ''} t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
}

const staticParts = (sheetName: string) => ({
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
});

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetNameOf = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

export async function openXlsx(output: Writable, options: { sheetName: string; columns: XlsxColumn[] }) {
  const zip = new ZipWriter(output);
  for (const [name, content] of Object.entries(staticParts(sheetNameOf(options.sheetName)))) {
    await zip.addFile(name, content);
  }
  const sheet = await zip.openStream('xl/worksheets/sheet1.xml');
  const refs = options.columns.map((_, i) => columnName(i));
  const cols = options.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  const header = options.columns.map((c, i) => cellXml(`${refs[i]}1`, c.header, STYLE_HEADER)).join('');
  await sheet.write(
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
  );
  let rowNumber = 1;
  return {
    /** Appends rows (one cell value per column, in column order). */
    addRows: async (rows: readonly (readonly CellValue[])[]) => {
      let text = '';
      for (const cells of rows) {
        const r = ++rowNumber;
        text += `<row r="${r}">`;
        for (let i = 0; i < cells.length; i++) text += cellXml(`${refs[i]}${r}`, cells[i]!, 0);
        text += '</row>';
      }
      await sheet.write(text);
    },
    finish: async () => {
      await sheet.write('</sheetData></worksheet>');
      await sheet.end();
      await zip.finish();
    },
  };
}
