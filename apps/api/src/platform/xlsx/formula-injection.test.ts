import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from './formula-injection';

describe('formula injection in spreadsheet text', () => {
  it('prefixes text that a spreadsheet would read as a formula', () => {
    for (const value of ['=1+1', '+SUM(A1)', '-2+3*cmd|', '@SUM(A1)', '\tx', '\r=1', '=HYPERLINK("x")']) {
      expect(neutralizeFormula(value)).toBe(`'${value}`);
    }
  });

  it('leaves ordinary text and phone numbers alone', () => {
    for (const value of ['Anna', 'a=b', '', '+41 31 000 00 00', '-', '-3.5', '+1 (555) 010-0000']) {
      expect(neutralizeFormula(value)).toBe(value);
    }
  });
});
