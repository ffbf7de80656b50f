import { transliterate } from '@bpw/domain/text';

/**
 * A vCard 4.0 writer (RFC 6350), pure. Text values escape \ , ; and newlines (§3.4); lines are
 * folded at 75 octets without splitting a UTF-8 character (§3.2); lines end with CRLF.
 */

export type VCardTyped = { value: string; types: string[]; isPreferred: boolean };
export type VCardAddress = {
  types: string[];
  street: string | null;
  extended: string | null;
  city: string | null;
  region: string | null;
  zip: string | null;
  countryCode: string;
  isPreferred: boolean;
};
export type VCardData = {
  firstname: string | null;
  lastname: string;
  /** Academic titles: Dr. and Prof. go before the name, degrees (BSc, MA...) after it. */
  prefix: string | null;
  suffix: string | null;
  organisation: string | null;
  jobTitle: string | null;
  note: string | null;
  emails: VCardTyped[];
  phones: VCardTyped[];
  urls: VCardTyped[];
  addresses: VCardAddress[];
};

/** RFC 6350 §3.4: in text values, backslash, comma, semicolon and newlines are escaped. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');

/** RFC 6350 §3.2: a line longer than 75 octets continues on lines that start with one space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const params = (types: string[], isPreferred: boolean) =>
  `${types.length ? `;TYPE=${types.join(',')}` : ''}${isPreferred ? ';PREF=1' : ''}`;
const structured = (parts: Array<string | null>) => parts.map((p) => escapeText(p ?? '')).join(';');

export function buildVCard(card: VCardData): string {
  const fullName = [card.prefix, card.firstname, card.lastname].filter(Boolean).join(' ');
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${escapeText(card.suffix ? `${fullName}, ${card.suffix}` : fullName)}`,
    `N:${structured([card.lastname, card.firstname, null, card.prefix, card.suffix])}`,
  ];
  if (card.organisation) lines.push(`ORG:${escapeText(card.organisation)}`);
  if (card.jobTitle) lines.push(`TITLE:${escapeText(card.jobTitle)}`);
  for (const a of card.addresses) {
    const value = structured(['', a.extended, a.street, a.city, a.region, a.zip, a.countryCode]);
    lines.push(`ADR${params(a.types, a.isPreferred)}:${value}`);
  }
  for (const e of card.emails) lines.push(`EMAIL${params(e.types, e.isPreferred)}:${escapeText(e.value)}`);
  for (const p of card.phones) lines.push(`TEL${params(p.types, p.isPreferred)}:${escapeText(p.value)}`);
  // A URI value is not text: it is written as it is (the schema admits only http and https URLs).
  for (const u of card.urls) lines.push(`URL${params(u.types, u.isPreferred)}:${u.value.replace(/[\r\n]/g, '')}`);
  if (card.note) lines.push(`NOTE:${escapeText(card.note)}`);
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

// RFC 5987 attr-char: ALPHA / DIGIT / "!#$&+-.^_`|~"; everything else is percent-encoded.
const encodeRfc5987 = (value: string) =>
  Array.from(new TextEncoder().encode(value))
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9!#$&+\-.^_`|~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/**
 * `attachment; filename="Zoe-Mueller.vcf"; filename*=UTF-8''Zo%C3%AB-M%C3%BCller.vcf`: the plain
 * name transliterated (spec 01 §9), the exact one for clients that read RFC 5987/6266.
 */
export function vCardContentDisposition(person: { firstname: string | null; lastname: string }): string {
  const names = [person.firstname, person.lastname].filter((n): n is string => Boolean(n?.trim()));
  const ascii = names
    .map((n) =>
      transliterate(n)
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-');
  const exact = names.map((n) => n.trim().replace(/[\s/\\"]+/g, '-')).join('-');
  const fileName = `${(ascii || 'contact').slice(0, 100)}.vcf`;
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeRfc5987(`${exact || 'contact'}.vcf`)}`;
}
