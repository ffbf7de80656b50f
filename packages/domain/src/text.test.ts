import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify, transliterate } from './text';

describe('transliterate', () => {
  it('writes German umlauts and ß as two letters', () => {
    expect(transliterate('Müller Größe ÄÖÜ äöü')).toBe('Mueller Groesse AeOeUe aeoeue');
  });

  it('drops the accents of French, Italian and other letters (ö stays oe everywhere)', () => {
    expect(transliterate('Zoë Françoise Niccolò Ångström Łódź Øre Crème brûlée')).toBe(
      'Zoe Francoise Niccolo Angstroem Lodz Ore Creme brulee',
    );
  });

  it('treats a decomposed umlaut (u + combining diaeresis) like the composed one', () => {
    expect(transliterate('Mu\u0308ller')).toBe('Mueller');
  });

  it('leaves plain ASCII unchanged', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii' }), (s) => transliterate(s) === s));
  });
});

describe('slugify', () => {
  it('makes lower-case hyphenated ASCII', () => {
    expect(slugify('Zoë Müller-Lüdenscheidt')).toBe('zoe-mueller-luedenscheidt');
    expect(slugify('  BPW Club  Bern / Zürich! ')).toBe('bpw-club-bern-zuerich');
  });

  it('answers an empty slug when no letter or digit is left', () => {
    expect(slugify('—!?')).toBe('');
    expect(slugify('李小龍')).toBe('');
  });

  it('never exceeds the length and never ends with a hyphen', () => {
    expect(slugify('a b c d e', 4)).toBe('a-b');
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 40 }), (s, max) => {
        const slug = slugify(s, max);
        return slug.length <= max && /^([a-z0-9]+(-[a-z0-9]+)*)?$/.test(slug);
      }),
    );
  });
});
