import { describe, expect, it } from 'vitest';
import { foreignCountryCode, normaliseCountryCode, postalAddressLines } from './postal-address';

const address = {
  address1: null,
  address2: 'c/o Muster AG',
  street: 'Bahnhofstrasse 1',
  zip: '3000',
  city: 'Bern',
  countryCode: 'CH',
};

describe('country codes and postal addresses (spec 01 §9 "Default address country CH")', () => {
  it('normalises a country code: trimmed, upper case, blank is none', () => {
    expect(normaliseCountryCode(' de ')).toBe('DE');
    expect(normaliseCountryCode('  ')).toBeNull();
    expect(normaliseCountryCode(null)).toBeNull();
    expect(normaliseCountryCode(undefined)).toBeNull();
  });

  it('names a country on an address only when it is not the home country', () => {
    expect(foreignCountryCode('CH')).toBeNull();
    expect(foreignCountryCode('ch')).toBeNull();
    expect(foreignCountryCode('')).toBeNull();
    expect(foreignCountryCode('it')).toBe('IT');
  });

  it('writes the lines as on an envelope, blank ones left out', () => {
    expect(postalAddressLines(address)).toEqual(['c/o Muster AG', 'Bahnhofstrasse 1', '3000 Bern']);
    expect(postalAddressLines({ ...address, zip: null, county: 'Bayern', state: null, countryCode: 'de' })).toEqual([
      'c/o Muster AG',
      'Bahnhofstrasse 1',
      'Bern',
      'Bayern',
      'DE',
    ]);
    expect(postalAddressLines({ ...address, address2: ' ', street: null, city: null, zip: null })).toEqual([]);
    expect(postalAddressLines({ ...address, countryCode: 'FR' }, (code) => `(${code})`)).toEqual([
      'c/o Muster AG',
      'Bahnhofstrasse 1',
      '3000 Bern',
      '(FR)',
    ]);
  });
});
