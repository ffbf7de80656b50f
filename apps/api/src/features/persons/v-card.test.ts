import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildVCard, escapeText, foldLine, type VCardData, vCardContentDisposition } from './v-card';
import { components, parseVCard, unescape } from './v-card-test-support';

const card = (overrides: Partial<VCardData> = {}): VCardData => ({
  firstname: 'Zoë',
  lastname: 'Müller',
  prefix: 'Dr.',
  suffix: null,
  organisation: 'Müller, Meier & Co; AG',
  jobTitle: 'CEO',
  note: 'Line 1\nLine 2 \\ backslash',
  emails: [{ value: 'zoe@example.test', types: ['work'], isPreferred: true }],
  phones: [{ value: '+41 79 000 00 00', types: ['work', 'cell'], isPreferred: false }],
  urls: [{ value: 'https://example.test/a,b;c', types: ['work'], isPreferred: false }],
  addresses: [
    {
      types: ['work'],
      street: 'Bundesplatz 3',
      extended: 'c/o Muster; 2. Stock',
      city: 'Bern',
      region: 'BE',
      zip: '3003',
      countryCode: 'CH',
      isPreferred: true,
    },
  ],
  ...overrides,
});

describe('vCard writer (RFC 6350)', () => {
  it('writes the properties in vCard 4.0 structure', () => {
    const lines = parseVCard(buildVCard(card()));
    expect(lines.map((l) => l.name)).toEqual([
      'BEGIN',
      'VERSION',
      'FN',
      'N',
      'ORG',
      'TITLE',
      'ADR',
      'EMAIL',
      'TEL',
      'URL',
      'NOTE',
      'END',
    ]);
    const by = (name: string) => lines.find((l) => l.name === name)!;
    expect(by('BEGIN').value).toBe('VCARD');
    expect(by('VERSION').value).toBe('4.0');
    expect(unescape(by('FN').value)).toBe('Dr. Zoë Müller');
    expect(components(by('N').value)).toEqual(['Müller', 'Zoë', '', 'Dr.', '']);
    expect(unescape(by('ORG').value)).toBe('Müller, Meier & Co; AG');
    expect(by('ORG').value).toBe('Müller\\, Meier & Co\\; AG');
    expect(by('ADR').params).toEqual(['TYPE=work', 'PREF=1']);
    expect(components(by('ADR').value)).toEqual([
      '',
      'c/o Muster; 2. Stock',
      'Bundesplatz 3',
      'Bern',
      'BE',
      '3003',
      'CH',
    ]);
    expect(by('TEL').params).toEqual(['TYPE=work,cell']);
    expect(by('EMAIL')).toEqual({ name: 'EMAIL', params: ['TYPE=work', 'PREF=1'], value: 'zoe@example.test' });
    expect(by('URL').value).toBe('https://example.test/a,b;c');
    expect(by('NOTE').value).toBe('Line 1\\nLine 2 \\\\ backslash');
    expect(unescape(by('NOTE').value)).toBe('Line 1\nLine 2 \\ backslash');
  });

  it('puts degrees after the name and leaves out what is empty', () => {
    const text = buildVCard(
      card({
        prefix: null,
        suffix: 'MSc',
        firstname: null,
        organisation: null,
        jobTitle: null,
        note: null,
        addresses: [],
      }),
    );
    const lines = parseVCard(text);
    expect(lines.map((l) => l.name)).toEqual(['BEGIN', 'VERSION', 'FN', 'N', 'EMAIL', 'TEL', 'URL', 'END']);
    expect(lines[2]!.value).toBe('Müller\\, MSc');
    expect(components(lines[3]!.value)).toEqual(['Müller', '', '', '', 'MSc']);
  });

  it('escapes backslash, comma, semicolon and every kind of newline', () => {
    expect(escapeText('a\\b,c;d\ne\r\nf\rg')).toBe('a\\\\b\\,c\\;d\\ne\\nf\\ng');
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds to the original', () => {
    const long = `NOTE:${'ä'.repeat(30)}${'x'.repeat(100)}€😀${'y'.repeat(80)}`;
    const folded = foldLine(long);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => {
        const f = foldLine(s);
        return f.replace(/\r\n /g, '') === s && f.split('\r\n').every((p) => Buffer.byteLength(p, 'utf8') <= 75);
      }),
    );
  });

  it('round-trips any text through escaping and folding', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (note) => {
        const lines = parseVCard(buildVCard(card({ note: note || null })));
        const parsed = lines.find((l) => l.name === 'NOTE');
        return note ? unescape(parsed!.value) === note.replace(/\r\n|\r/g, '\n') : parsed === undefined;
      }),
    );
  });

  it('names the file with transliterated umlauts plus the exact name as RFC 5987 filename*', () => {
    expect(vCardContentDisposition({ firstname: 'Zoë', lastname: 'Müller-Lüdenscheidt' })).toBe(
      `attachment; filename="Zoe-Mueller-Luedenscheidt.vcf"; filename*=UTF-8''Zo%C3%AB-M%C3%BCller-L%C3%BCdenscheidt.vcf`,
    );
    expect(vCardContentDisposition({ firstname: null, lastname: 'O\'Brien "Jr"' })).toBe(
      `attachment; filename="O-Brien-Jr.vcf"; filename*=UTF-8''O%27Brien-Jr-.vcf`,
    );
    expect(vCardContentDisposition({ firstname: ' ', lastname: '李' })).toMatch(
      /^attachment; filename="contact.vcf"; /,
    );
  });
});
