import { defineEnum, type EnumValue } from './enum-helpers';

/** Language codes (correspondence language, spoken languages, event default language). DESIGN "API contract". */
export const LanguageCode = { de: 'de', fr: 'fr', it: 'it', en: 'en' } as const;
export type LanguageCode = EnumValue<typeof LanguageCode>;
export const languageCodeEnum = defineEnum('languageCode', LanguageCode);
export const {
  values: languageCodeValues,
  schema: languageCodeSchema,
  labelKey: languageCodeLabelKey,
} = languageCodeEnum;

/** The UI locales (spec 01 §9: default and fallback de-CH). */
export const Locale = { deCH: 'de-CH', frCH: 'fr-CH', itCH: 'it-CH', enUS: 'en-US' } as const;
export type Locale = EnumValue<typeof Locale>;
export const localeEnum = defineEnum('locale', Locale);
export const { values: localeValues, schema: localeSchema, labelKey: localeLabelKey } = localeEnum;

export const defaultLocale: Locale = Locale.deCH;
export const defaultLanguageCode: LanguageCode = LanguageCode.de;

export const localeOfLanguage = {
  de: Locale.deCH,
  fr: Locale.frCH,
  it: Locale.itCH,
  en: Locale.enUS,
} as const satisfies Record<LanguageCode, Locale>;

export const languageOfLocale = {
  'de-CH': LanguageCode.de,
  'fr-CH': LanguageCode.fr,
  'it-CH': LanguageCode.it,
  'en-US': LanguageCode.en,
} as const satisfies Record<Locale, LanguageCode>;

/** Each locale's name in its own language, for the language switcher (the same in every UI language). */
export const localeNativeName = {
  'de-CH': 'Deutsch',
  'fr-CH': 'Français',
  'it-CH': 'Italiano',
  'en-US': 'English',
} as const satisfies Record<Locale, string>;

/**
 * The UI locale for a language tag or code ("fr", "fr-FR", "FR_ch", "en-GB" ...), by its language
 * part; anything else, or nothing, gives the default de-CH.
 */
export function resolveLocale(tag: string | null | undefined): Locale {
  const language = tag?.trim().slice(0, 2).toLowerCase();
  const next = tag?.trim().charAt(2);
  if (next !== undefined && next !== '' && next !== '-' && next !== '_') return defaultLocale;
  return languageCodeEnum.is(language) ? localeOfLanguage[language] : defaultLocale;
}
