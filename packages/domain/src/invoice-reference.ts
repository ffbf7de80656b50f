/**
 * Issue 17: the Swiss QR-bill's account and reference rules (Swiss Implementation Guidelines
 * QR-bill 2.3; ISO 13616 IBAN; ISO 11649 creditor reference). Pure; used by the API (creating and
 * checking invoices, matching bank credits) and by the web app (validating the settings form).
 */

/** The electronic format: no spaces, upper case. */
export const normalizeIban = (input: string) => input.replace(/\s+/g, '').toUpperCase();

/** ISO 7064 mod 97-10 over an alphanumeric string whose letters count A=10 .. Z=35. */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** A Swiss or Liechtenstein IBAN (CH/LI, 21 characters, 5-digit bank id, mod-97 check). */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^(CH|LI)\d{2}\d{5}[0-9A-Z]{12}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** A QR-IBAN: a valid CH/LI IBAN whose bank id (IID, positions 5-9) is 30000-31999. */
export function isQrIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!isValidIban(iban)) return false;
  const iid = Number(iban.slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}

/** The IBAN in groups of four, as printed on the payment part. */
export const formatIban = (input: string) => normalizeIban(input).replace(/(.{4})(?=.)/g, '$1 ');

const mod10Table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The recursive mod 10 check digit of a digit string (QRR, ESR). */
export function mod10CheckDigit(digits: string): number {
  let carry = 0;
  for (const digit of digits) carry = mod10Table[(carry + Number(digit)) % 10]!;
  return (10 - carry) % 10;
}

/** A QR reference: 27 digits, the last the recursive mod 10 check digit of the first 26. */
export function isValidQrr(input: string): boolean {
  const reference = input.replace(/\s+/g, '');
  return (
    /^\d{27}$/.test(reference) &&
    mod10CheckDigit(reference.slice(0, 26)) === Number(reference[26]) &&
    !/^0+$/.test(reference)
  );
}

/** The QR reference of a payload of at most 26 digits (left-padded with zeros). */
export function createQrr(payload: string | number | bigint): string {
  const digits = String(payload);
  if (!/^\d{1,26}$/.test(digits)) throw new RangeError('QRR payload: 1 to 26 digits');
  const body = digits.padStart(26, '0');
  return body + String(mod10CheckDigit(body));
}

/** An ISO 11649 creditor reference: RF, two check digits, 1-21 letters or digits (mod 97 = 1). */
export function isValidScor(input: string): boolean {
  const reference = input.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(reference)) return false;
  return mod97(reference.slice(4) + reference.slice(0, 4)) === 1;
}

/** The creditor reference of a payload of 1-21 letters or digits. */
export function createScor(payload: string | number | bigint): string {
  const body = String(payload).toUpperCase();
  if (!/^[0-9A-Z]{1,21}$/.test(body)) throw new RangeError('SCOR payload: 1 to 21 letters or digits');
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

export type ReferenceType = 'QRR' | 'SCOR';

/** QRR with a QR-IBAN, SCOR with an ordinary IBAN (Swiss Implementation Guidelines 4.3.2). */
export const referenceTypeFor = (iban: string): ReferenceType => (isQrIban(iban) ? 'QRR' : 'SCOR');

/**
 * An invoice's reference, derived from its association-wide number, so it is unique:
 * QRR = the number left-padded to 26 digits + check digit; SCOR = RF.. + the number.
 */
export function invoiceReference(iban: string, invoiceNumber: number): { type: ReferenceType; reference: string } {
  const type = referenceTypeFor(iban);
  return { type, reference: type === 'QRR' ? createQrr(invoiceNumber) : createScor(invoiceNumber) };
}

/** Checks a reference of the given type. */
export const isValidReference = (type: ReferenceType, reference: string) =>
  type === 'QRR' ? isValidQrr(reference) : isValidScor(reference);

/** A reference as found in a bank file or typed by a person: its type, or undefined. */
export function classifyReference(
  input: string | null | undefined,
): { type: ReferenceType; reference: string } | undefined {
  if (!input) return undefined;
  const reference = input.replace(/\s+/g, '').toUpperCase();
  if (isValidQrr(reference)) return { type: 'QRR', reference };
  if (isValidScor(reference)) return { type: 'SCOR', reference };
  return undefined;
}

/** The reference as printed: QRR 2 + groups of 5 from the left; SCOR in groups of 4. */
export function formatReference(reference: string): string {
  const compact = reference.replace(/\s+/g, '');
  if (/^\d{27}$/.test(compact)) return `${compact.slice(0, 2)} ${compact.slice(2).replace(/(.{5})(?=.)/g, '$1 ')}`;
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The invoice number as shown: YYYY-NNNNNN (issue year, the association-wide number). */
export const formatInvoiceNumber = (invoiceNumber: number, issueDate: string) =>
  `${issueDate.slice(0, 4)}-${String(invoiceNumber).padStart(6, '0')}`;

/** The characters the QR-bill permits (Swiss Implementation Guidelines 2.3, 4.1.1). */
const isQrBillCharacter = (code: number) =>
  (code >= 0x20 && code <= 0x7e) ||
  (code >= 0xa0 && code <= 0x17f) ||
  (code >= 0x218 && code <= 0x21b) ||
  code === 0x20ac;

/**
 * A text as the QR-bill may carry it: dashes and quotes to their ASCII forms, other characters
 * outside the permitted set to their base letter (without accents), or left out; line breaks and
 * runs of spaces become one space; cut to `max` characters. swissqrbill does not check this.
 */
export function toQrBillText(input: string | null | undefined, max: number): string {
  if (!input) return '';
  const mapped = input
    .normalize('NFC')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ');
  let out = '';
  for (const char of mapped) {
    const code = char.codePointAt(0)!;
    if (isQrBillCharacter(code)) out += char;
    else {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if ([...base].every((c) => isQrBillCharacter(c.codePointAt(0)!))) out += base;
    }
  }
  return [...out.replace(/ {2,}/g, ' ').trim()].slice(0, max).join('').trim();
}
