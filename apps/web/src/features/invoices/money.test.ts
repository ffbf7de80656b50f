import { describe, expect, it } from 'vitest';
import { formatMoney, moneyInputText, parseMoney } from './money';

describe('money', () => {
  it('shows CHF amounts in the user locale', () => {
    expect(formatMoney(123450, 'de-CH')).toMatch(/^CHF\s1[’']234\.50$/);
    expect(formatMoney(123450, 'fr-CH')).toMatch(/^1\s234[.,]50\sCHF$/);
    expect(formatMoney(5000, 'en-US')).toMatch(/^CHF\s50\.00$/);
  });

  it('reads typed amounts as centimes', () => {
    expect(parseMoney('50')).toBe(5000);
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney('12,05')).toBe(1205);
    expect(parseMoney("1'234.50")).toBe(123450);
    expect(parseMoney('CHF 80.00')).toBe(8000);
    expect(parseMoney('0')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '-5', '1.234', 'abc', '12.', '1e3']) expect(parseMoney(text), text).toBeNull();
  });

  it('writes centimes back into a field', () => {
    expect(moneyInputText(1250)).toBe('12.50');
  });
});
