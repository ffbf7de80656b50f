import { describe, expect, it } from 'vitest';
import { neutralizeCell } from './export-workbook';

describe('formula injection in exported cells', () => {
  it('prefixes text that a spreadsheet would read as a formula', () => {
    for (const value of ['=1+1', '+SUM(A1)', '-2+3*cmd|', '@SUM(A1)', '\tx', '\r=1', '=HYPERLINK("x")']) {
      expect(neutralizeCell(value)).toBe(`'${value}`);
    }
  });

  it('leaves ordinary text, numbers, dates and phone numbers alone', () => {
    for (const value of ['Anna', 'a=b', '', '+41 31 000 00 00', '-', '+1 (555) 010-0000', 42, null]) {
      expect(neutralizeCell(value)).toBe(value);
    }
    const date = new Date();
    expect(neutralizeCell(date)).toBe(date);
  });
});
