/// <reference types="vite/types/import-meta.d.ts" />
import { describe, expect, it } from 'vitest';
import type { EnumDescriptor, EnumMembers } from '../enums/enum-helpers';
import { localeValues } from '../enums/language';
import { enumLabel, enumLabels } from './enum-labels';

type AnyEnum = EnumDescriptor<string, EnumMembers>;
/**
 * Every enum any module under enums/ exports, found by shape, so a new enum cannot miss its
 * labels. (import.meta.glob instead of reading the folder: packages/domain does no I/O.)
 */
const enumModules = import.meta.glob<Record<string, unknown>>(
  ['../enums/*.ts', '!../enums/*.test.ts', '!../enums/enum-test-support.ts'],
  { eager: true },
);
// A set: a module may re-export another's enum (person-fields.ts the courier type), the same object.
const allEnums = [
  ...new Set(Object.values(enumModules).flatMap((module) => Object.values(module).filter(isEnumDescriptor))),
];

function isEnumDescriptor(value: unknown): value is AnyEnum {
  return typeof value === 'object' && value !== null && 'labelKey' in value && 'members' in value && 'name' in value;
}

function flatKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? flatKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('enum labels', () => {
  it('has a label file for each UI locale', () => {
    expect(Object.keys(enumLabels).sort()).toEqual([...localeValues].sort());
  });

  it('labels every member of every enum in every locale, and no other enum member', () => {
    expect(allEnums.length).toBeGreaterThanOrEqual(30);
    expect(new Set(allEnums.map((e) => e.name)).size).toBe(allEnums.length); // label groups are unique
    const expectedKeys = allEnums.flatMap((e) => e.values.map((v) => e.labelKey(v))).sort();
    for (const locale of localeValues) {
      expect(flatKeys(enumLabels[locale].enum, 'enum.').sort(), locale).toEqual(expectedKeys);
    }
  });

  it('has the same keys in all four files', () => {
    const [first, ...others] = localeValues.map((locale) => flatKeys(enumLabels[locale]).sort());
    for (const keys of others) expect(keys).toEqual(first);
  });

  it('has a non-empty, trimmed text for every label', () => {
    for (const locale of localeValues) {
      for (const key of flatKeys(enumLabels[locale].enum, 'enum.')) {
        const label = enumLabel(locale, key);
        expect(label, `${locale} ${key}`).not.toBe(key);
        expect(label.trim(), `${locale} ${key}`).toBe(label);
        expect(label.length, `${locale} ${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('writes Swiss German without ß', () => {
    expect(JSON.stringify(enumLabels['de-CH'])).not.toContain('ß');
  });

  it('falls back to de-CH and then to the key', () => {
    expect(enumLabel('fr-CH', 'enum.clubType.regional')).toBe('Régional');
    expect(enumLabel('en-US', 'enum.clubType.unknown')).toBe('enum.clubType.unknown');
    expect(enumLabel('en-US', 'enum.toString.constructor')).toBe('enum.toString.constructor');
    expect(enumLabel('en-US', 'enum.clubType')).toBe('enum.clubType');
  });
});
