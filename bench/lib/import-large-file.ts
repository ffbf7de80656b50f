import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * An .xlsx of `rows` new persons for the import of a million rows (issue 16): first and last
 * name, private e-mail and birthday (a date cell), unique per run (`tag`). Written with exceljs's
 * streaming writer and held as one buffer: at a million rows it is 31 MB, under the upload's
 * 50 MB (a CSV of the same four columns is about 80 MB). Inline strings, as exceljs writes them
 * by default; Excel itself keeps strings in a shared table (docs/decisions/import.md "Figures").
 */
export async function importXlsx(options: { rows: number; tag: string; sharedStrings?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: options.sharedStrings ?? false,
  });
  const sheet = workbook.addWorksheet('Personen');
  sheet.columns = [
    { header: 'Vorname', width: 14 },
    { header: 'Nachname', width: 24 },
    { header: 'E-Mail (privat)', width: 36 },
    { header: 'Geburtstag', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
  ];
  for (let i = 0; i < options.rows; i++) {
    sheet
      .addRow([
        `Vorname${i}`,
        `Import ${options.tag} ${i}`,
        `import.${options.tag}.${i}@example.org`,
        new Date(Date.UTC(1950 + (i % 50), i % 12, (i % 28) + 1)),
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
