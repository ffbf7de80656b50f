import { describe, expect, it } from 'vitest';
import { validationCodes, validationMessageKey } from '../validation';
import deCH from './de-CH.json';
import enUS from './en-US.json';
import frCH from './fr-CH.json';
import itCH from './it-CH.json';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
const valueOf = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), tree);

describe('shared messages', () => {
  const files = { 'de-CH': deCH, 'fr-CH': frCH, 'it-CH': itCH, 'en-US': enUS } as Record<string, Tree>;

  it('has the same keys in all four languages, none empty', () => {
    const reference = keysOf(files['de-CH']!).sort();
    for (const [locale, tree] of Object.entries(files)) {
      expect(keysOf(tree).sort(), locale).toEqual(reference);
      for (const key of reference) expect(String(valueOf(tree, key)).trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  it('has a message for every validation code', () => {
    for (const code of validationCodes) expect(valueOf(deCH, validationMessageKey(code))).toBeTypeOf('string');
  });

  it('keeps the spec wording in English (spec 01 §5)', () => {
    expect(enUS.validation.required).toBe('{{field}} must not be empty.');
    expect(enUS.validation.email).toBe('{{field}} is no valid email address');
    expect(enUS.validation.url).toBe('{{field}} is no valid URL');
  });
});
