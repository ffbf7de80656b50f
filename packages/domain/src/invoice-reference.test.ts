import { describe, expect, it } from 'vitest';
import {
  classifyReference,
  createQrr,
  createScor,
  formatIban,
  formatInvoiceNumber,
  formatReference,
  invoiceReference,
  isQrIban,
  isValidIban,
  isValidQrr,
  isValidScor,
  mod10CheckDigit,
  toQrBillText,
} from './invoice-reference';

describe('IBAN and QR-IBAN', () => {
  it('accepts Swiss and Liechtenstein IBANs with a correct check, spaces or not', () => {
    expect(isValidIban('CH93 0076 2011 6238 5295 7')).toBe(true);
    expect(isValidIban('CH9300762011623852957')).toBe(true);
    expect(isValidIban('LI21 0881 0000 2324 013A A')).toBe(true);
    expect(isValidIban('CH44 3199 9123 0008 8901 2')).toBe(true);
  });

  it('refuses a wrong check, another country, a wrong length', () => {
    expect(isValidIban('CH94 0076 2011 6238 5295 7')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban('CH93 0076 2011 6238 5295')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('knows a QR-IBAN by its bank id 30000-31999', () => {
    expect(isQrIban('CH44 3199 9123 0008 8901 2')).toBe(true);
    expect(isQrIban('CH93 0076 2011 6238 5295 7')).toBe(false);
    expect(isQrIban('CH45 3199 9123 0008 8901 2')).toBe(false); // wrong check
  });

  it('groups an IBAN by four', () => {
    expect(formatIban('ch9300762011623852957')).toBe('CH93 0076 2011 6238 5295 7');
  });
});

describe('QR reference (QRR)', () => {
  it('computes the recursive mod 10 check digit of the guidelines example', () => {
    expect(mod10CheckDigit('21000000000313947143000901')).toBe(7);
    expect(isValidQrr('21 00000 00003 13947 14300 09017')).toBe(true);
    expect(isValidQrr('210000000003139471430009018')).toBe(false);
  });

  it('creates 27 digits from a number, which validate', () => {
    const reference = createQrr(123);
    expect(reference).toHaveLength(27);
    expect(reference.startsWith('00000000000000000000000123')).toBe(true);
    expect(isValidQrr(reference)).toBe(true);
    for (let n = 1; n < 2000; n += 7) expect(isValidQrr(createQrr(n))).toBe(true);
  });

  it('refuses payloads that do not fit', () => {
    expect(() => createQrr('1'.repeat(27))).toThrow(RangeError);
    expect(() => createQrr('12a')).toThrow(RangeError);
    expect(isValidQrr('0'.repeat(27))).toBe(false);
  });
});

describe('creditor reference (SCOR, ISO 11649)', () => {
  it('validates the standard example and creates it', () => {
    expect(isValidScor('RF18 5390 0754 7034')).toBe(true);
    expect(createScor('539007547034')).toBe('RF18539007547034');
    expect(isValidScor('RF19539007547034')).toBe(false);
    expect(isValidScor('RF18')).toBe(false);
  });

  it('creates valid references from numbers', () => {
    for (let n = 1; n < 2000; n += 13) expect(isValidScor(createScor(n))).toBe(true);
    expect(() => createScor('x'.repeat(22))).toThrow(RangeError);
  });
});

describe('invoice references', () => {
  it('takes QRR with a QR-IBAN and SCOR with an ordinary IBAN', () => {
    expect(invoiceReference('CH4431999123000889012', 42)).toEqual({ type: 'QRR', reference: createQrr(42) });
    expect(invoiceReference('CH9300762011623852957', 42)).toEqual({ type: 'SCOR', reference: createScor(42) });
  });

  it('classifies what a bank file or a person writes', () => {
    expect(classifyReference(' 21 00000 00003 13947 14300 09017 ')).toEqual({
      type: 'QRR',
      reference: '210000000003139471430009017',
    });
    expect(classifyReference('rf18 5390 0754 7034')).toEqual({ type: 'SCOR', reference: 'RF18539007547034' });
    expect(classifyReference('hello')).toBeUndefined();
    expect(classifyReference(null)).toBeUndefined();
  });

  it('formats references and numbers for print', () => {
    expect(formatReference('210000000003139471430009017')).toBe('21 00000 00003 13947 14300 09017');
    expect(formatReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatInvoiceNumber(42, '2027-01-15')).toBe('2027-000042');
  });
});

describe('QR-bill text', () => {
  it('keeps the permitted Latin characters and maps or drops the others', () => {
    expect(toQrBillText('Zoë Müller – Dvořák', 70)).toBe('Zoë Müller - Dvořák');
    expect(toQrBillText('“Büro”\nZürich…', 70)).toBe('"Büro" Zürich...');
    expect(toQrBillText('Ωmega 😀 Ș', 70)).toBe('mega Ș');
    expect(toQrBillText('x'.repeat(80), 70)).toHaveLength(70);
    expect(toQrBillText(null, 70)).toBe('');
  });
});
