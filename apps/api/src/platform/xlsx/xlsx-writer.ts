import type { Writable } from 'node:stream';
import { neutralizeFormula } from './formula-injection';
import { ZipWriter } from './zip-writer';

/**
 * The one xlsx writer of the API (DESIGN "Chosen parts"): sheets of typed cells written as
 * SpreadsheetML text and deflated on the way out, about six to ten times faster than exceljs's
 * streaming writer, in constant memory (docs/performance.md "Export"). Each sheet has a bold,
 * frozen header row and column widths. Texts are inline strings with formulas neutralised
 * (formula-injection.ts), dates are shown dd.mm.yyyy, booleans as TRUE/FALSE. An empty text,
 * null, undefined, a number that is not finite and an invalid date leave the cell empty.
 */
export type XlsxCell = string | number | boolean | Date | null | undefined;
export type XlsxColumn = { header: string; width: number };
export type XlsxSheetSpec = { name: string; columns: readonly XlsxColumn[] };
export type XlsxRow = readonly XlsxCell[];

export type XlsxSheet = {
  /** Appends rows, one cell per column in column order; waits while the reader is slow. */
  addRows: (rows: readonly XlsxRow[]) => Promise<void>;
  /**
   * Appends `rowCount` rows already written as SpreadsheetML (UTF-8) by a `SheetRowText` of this
   * sheet's columns, on another thread (the export, issue 20): the same bytes `addRows` writes.
   */
  addRowText: (text: Uint8Array, rowCount: number) => Promise<void>;
  /** Closes the sheet; the next one can start after it. */
  end: () => Promise<void>;
};

export type XlsxWorkbook = {
  /** Starts the next of the declared sheets (its header row written); the one before must be ended. */
  nextSheet: () => Promise<XlsxSheet>;
  /** Writes the declared sheets not started (header row only) and completes the file; ends `output`. */
  finish: () => Promise<void>;
};

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
const escapeXml = (text: string) =>
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
function cellXml(ref: string, value: XlsxCell, style: number): string {
  if (value === null || value === undefined || value === '') return '';
  const r = ` r="${ref}"`;
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'string') {
    const text = neutralizeFormula(value);
    const space = hasOuterSpace(text) ? ' xml:space="preserve"' : '';
    return `<c${r}${s} t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? `<c${r}${s}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c${r}${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const time = value.getTime();
  return Number.isNaN(time) ? '' : `<c${r} s="${STYLE_DATE}"><v>${(time - EXCEL_EPOCH_MS) / DAY_MS}</v></c>`;
}

const STYLES = `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

/** The package's parts besides the sheets, for sheets 1..n by name. */
function staticParts(sheetNames: readonly string[]) {
  const sheetPath = (i: number) => `worksheets/sheet${i + 1}.xml`;
  const overrides = sheetNames
    .map(
      (_, i) =>
        `<Override PartName="/xl/${sheetPath(i)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  const sheets = sheetNames
    .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  const sheetRels = sheetNames
    .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${sheetPath(i)}"/>`)
    .join('');
  const stylesId = `rId${sheetNames.length + 1}`;
  return {
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${PKG_REL}">${sheetRels}<Relationship Id="${stylesId}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': STYLES,
  };
}

/**
 * Sheet names: at most 31 characters, none of : \ / ? * [ ], not starting or ending with an
 * apostrophe, unique in the workbook regardless of case (Excel refuses the file otherwise).
 */
function sheetNamesOf(sheets: readonly XlsxSheetSpec[]): string[] {
  const taken = new Set<string>();
  return sheets.map(({ name }, i) => {
    const base =
      name
        .replace(/[:\\/?*[\]]/g, ' ')
        .replace(/^'+|'+$/g, '')
        .slice(0, 31) || `Sheet${i + 1}`;
    let unique = base;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    taken.add(unique.toLowerCase());
    return unique;
  });
}

/**
 * The rows of a sheet as SpreadsheetML text, numbered on from row 2 (the header is row 1): what
 * `addRows` writes, built wherever the rows are (the export builds it on a thread of its own).
 */
export class SheetRowText {
  private rowNumber = 1;
  private readonly refs: string[];

  constructor(columnCount: number) {
    this.refs = Array.from({ length: columnCount }, (_, i) => columnName(i));
  }

  /** The text of the next rows. */
  text(rows: readonly XlsxRow[]): string {
    const { refs } = this;
    let text = '';
    for (const cells of rows) {
      const r = ++this.rowNumber;
      text += `<row r="${r}">`;
      for (let i = 0; i < cells.length; i++) text += cellXml(`${refs[i] ?? columnName(i)}${r}`, cells[i], 0);
      text += '</row>';
    }
    return text;
  }

  /** Counts rows whose text was built by another SheetRowText. */
  skip(rowCount: number) {
    this.rowNumber += rowCount;
  }
}

/** The worksheet's text up to and with its header row. */
function sheetHead(columns: readonly XlsxColumn[], refs: readonly string[]): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  const header = columns.map((c, i) => cellXml(`${refs[i]}1`, c.header, STYLE_HEADER)).join('');
  return `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData><row r="1">${header}</row>`;
}

/**
 * Opens an xlsx of the declared sheets on `output`; their rows are written one sheet after the
 * other. The writer stops with an error once `output` is closed (a download broken off).
 */
export async function openXlsx(output: Writable, sheets: readonly XlsxSheetSpec[]): Promise<XlsxWorkbook> {
  if (sheets.length === 0) throw new Error('an xlsx needs a sheet');
  const zip = new ZipWriter(output);
  for (const [name, content] of Object.entries(staticParts(sheetNamesOf(sheets)))) {
    await zip.addFile(name, content);
  }
  let started = 0;
  let isSheetOpen = false;
  const nextSheet = async (): Promise<XlsxSheet> => {
    if (isSheetOpen) throw new Error('the sheet before is not ended');
    const spec = sheets[started];
    if (!spec) throw new Error('no sheet left');
    started++;
    isSheetOpen = true;
    const part = await zip.openStream(`xl/worksheets/sheet${started}.xml`);
    const refs = spec.columns.map((_, i) => columnName(i));
    await part.write(sheetHead(spec.columns, refs));
    const rowText = new SheetRowText(spec.columns.length);
    return {
      addRows: async (rows) => {
        await part.write(rowText.text(rows));
      },
      addRowText: async (text, rowCount) => {
        rowText.skip(rowCount);
        await part.write(text);
      },
      end: async () => {
        await part.write('</sheetData></worksheet>');
        await part.end();
        isSheetOpen = false;
      },
    };
  };
  return {
    nextSheet,
    finish: async () => {
      if (isSheetOpen) throw new Error('the last sheet is not ended');
      while (started < sheets.length) await (await nextSheet()).end();
      await zip.finish();
      output.end();
    },
  };
}
