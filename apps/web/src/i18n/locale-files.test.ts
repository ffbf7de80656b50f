import { describe, expect, it } from 'vitest';
import deCH from './de-CH.json';
import enUS from './en-US.json';
import frCH from './fr-CH.json';
import itCH from './it-CH.json';
import { featureMessageFiles } from './feature-message-files';

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

const files = { 'de-CH': deCH, 'fr-CH': frCH, 'it-CH': itCH, 'en-US': enUS };
const reference = [...flatten(deCH).keys()].sort();
const locales = Object.keys(files) as Array<keyof typeof files>;

describe('locale files', () => {
  it.each(Object.entries(files))('%s has the same keys as de-CH', (_locale, messages) => {
    expect([...flatten(messages).keys()].sort()).toEqual(reference);
  });

  it.each(Object.entries(files))('%s has no empty or non-text value', (_locale, messages) => {
    const bad = [...flatten(messages)].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad).toEqual([]);
  });

  it.each(Object.entries(files))('%s keeps the interpolation placeholders of de-CH', (_locale, messages) => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const german = flatten(deCH);
    const mismatches = [...flatten(messages)].filter(
      ([key, value]) => placeholders(value).join() !== placeholders(german.get(key)).join(),
    );
    expect(mismatches).toEqual([]);
  });
});

describe('feature locale files', () => {
  const features = Object.entries(featureMessageFiles());

  it.each(features)('%s has a file for each of the four locales with the same keys', (_feature, byLocale) => {
    const german = [...flatten(byLocale['de-CH']).keys()].sort();
    for (const locale of locales) {
      expect(byLocale[locale], locale).toBeDefined();
      expect([...flatten(byLocale[locale]).keys()].sort(), locale).toEqual(german);
      const bad = [...flatten(byLocale[locale])].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(bad, locale).toEqual([]);
    }
  });

  it('no feature reuses a top-level key of the common files or of another feature', () => {
    const seen = new Set(Object.keys(deCH));
    for (const [feature, byLocale] of features) {
      for (const key of Object.keys(byLocale['de-CH'] ?? {})) {
        expect(seen.has(key), `${feature}: ${key}`).toBe(false);
        seen.add(key);
      }
    }
  });
});
