import { describe, expect, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import {
  defaultLanguageCode,
  defaultLocale,
  languageCodeEnum,
  languageOfLocale,
  localeEnum,
  localeOfLanguage,
  resolveLocale,
} from './language';

describe('languages and locales', () => {
  it('has the language codes de, fr, it, en', () => {
    expectEnumToMatchSpec(languageCodeEnum, { de: 'de', fr: 'fr', it: 'it', en: 'en' });
    expect(defaultLanguageCode).toBe('de');
  });

  it('has the UI locales, de-CH by default', () => {
    expectEnumToMatchSpec(localeEnum, { deCH: 'de-CH', frCH: 'fr-CH', itCH: 'it-CH', enUS: 'en-US' });
    expect(defaultLocale).toBe('de-CH');
  });

  it('maps each language to its locale and back', () => {
    for (const code of languageCodeEnum.values) expect(languageOfLocale[localeOfLanguage[code]]).toBe(code);
  });

  it('resolves a language tag to a UI locale by its language, else de-CH', () => {
    expect(resolveLocale('fr')).toBe('fr-CH');
    expect(resolveLocale('fr-FR')).toBe('fr-CH');
    expect(resolveLocale('IT_ch')).toBe('it-CH');
    expect(resolveLocale('en-GB')).toBe('en-US');
    expect(resolveLocale(' de-AT ')).toBe('de-CH');
    for (const tag of ['es', 'rm-CH', 'english', 'fra', '', null, undefined]) expect(resolveLocale(tag)).toBe('de-CH');
  });
});
