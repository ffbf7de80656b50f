import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './file-download';

describe('fileNameFromDisposition', () => {
  it('reads a quoted and an unquoted file name', () => {
    expect(fileNameFromDisposition('attachment; filename="export-alle-daten.xlsx"')).toBe('export-alle-daten.xlsx');
    expect(fileNameFromDisposition('attachment; filename=export.xlsx')).toBe('export.xlsx');
  });

  it('prefers the UTF-8 filename* parameter', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="export.xlsx"; filename*=UTF-8''Z%C3%BCrich%20Export.xlsx`),
    ).toBe('Zürich Export.xlsx');
  });

  it('answers null without a file name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
