import { describe, expect, it } from 'vitest';
import {
  type ImportField,
  fieldMappedTwice,
  headerKey,
  importEnums,
  normalizeHeader,
  proposeMapping,
  readCountry,
  readImportDate,
  readYesNo,
} from './import-fields';

describe('import fields (issue 16)', () => {
  it('proposes each field once, left to right, from normalised header names', () => {
    const names = new Map<string, ImportField>([
      ['vorname', 'firstname'],
      ['email', 'address.email'],
    ]);
    expect(proposeMapping(['Vorname', 'E-Mail', 'vorname', 'Unbekannt'], names)).toEqual({
      '0': 'firstname',
      '1': 'address.email',
    });
    expect(normalizeHeader('Prénom (privé)')).toBe('prenomprive');
    expect(headerKey(['A b', 'É'])).toBe('ab|e');
  });

  it('finds a field mapped to two columns', () => {
    expect(fieldMappedTwice({ '0': 'lastname', '1': 'firstname' })).toBeNull();
    expect(fieldMappedTwice({ '0': 'lastname', '3': 'lastname' })).toBe('lastname');
  });

  it('reads enums as numbers, member names or labels in any of the four languages', () => {
    expect(importEnums.membershipType('0')).toBe(0);
    expect(importEnums.membershipType('120')).toBe(120);
    expect(importEnums.membershipType('Einzelmitglied')).toBe(0);
    expect(importEnums.membershipType('membre individuel')).toBe(0);
    expect(importEnums.membershipType('single')).toBe(0);
    expect(importEnums.languageCode('Französisch')).toBe('fr');
    expect(importEnums.languageCode('Italiano')).toBe('it');
    expect(importEnums.languageCode('Klingonisch')).toBeUndefined();
  });

  it('reads dates as the date input does or ISO, never relative', () => {
    const today = '2026-11-25';
    expect(readImportDate('17.05.1980', today)).toBe('1980-05-17');
    expect(readImportDate('1980-05-17', today)).toBe('1980-05-17');
    expect(readImportDate('17.5.80', today)).toBe('1980-05-17');
    expect(readImportDate('31.02.1980', today)).toBeNull();
    expect(readImportDate('+3', today)).toBeNull();
    expect(readImportDate('15', today)).toBeNull();
  });

  it('reads yes/no and countries in the four languages', () => {
    expect(readYesNo('Ja')).toBe(true);
    expect(readYesNo('Sì')).toBe(true);
    expect(readYesNo('non')).toBe(false);
    expect(readYesNo('vielleicht')).toBeUndefined();
    expect(readCountry('ch')).toBe('CH');
    expect(readCountry('Schweiz')).toBe('CH');
    expect(readCountry('Suisse')).toBe('CH');
    expect(readCountry('Germany')).toBe('DE');
    expect(readCountry('Atlantis')).toBeUndefined();
  });
});
