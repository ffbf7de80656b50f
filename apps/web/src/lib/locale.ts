/** The four UI locales; de-CH is the default and fallback (spec 01 §9). */
export const locales = ['de-CH', 'fr-CH', 'it-CH', 'en-US'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'de-CH';

export type LanguageCode = 'de' | 'fr' | 'it' | 'en';

const localeByLanguage: Record<LanguageCode, Locale> = {
  de: 'de-CH',
  fr: 'fr-CH',
  it: 'it-CH',
  en: 'en-US',
};

const LOCALE_STORAGE_KEY = 'bpw.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Maps a person's languageCode (or any BCP 47 tag) to one of the UI locales. */
export function localeFromLanguage(language: string | null | undefined): Locale | null {
  if (!language) return null;
  if (isLocale(language)) return language;
  const code = language.toLowerCase().split(/[-_]/)[0] as LanguageCode;
  return localeByLanguage[code] ?? null;
}

export function languageOfLocale(locale: Locale): LanguageCode {
  return locale.slice(0, 2) as LanguageCode;
}

export function readStoredLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** `?lang=fr` in the address: the language links of the public pages (hreflang, issue 27). */
function localeFromAddress(): Locale | null {
  if (typeof window === 'undefined') return null;
  try {
    return localeFromLanguage(new URLSearchParams(window.location.search).get('lang'));
  } catch {
    return null;
  }
}

/** The address's `lang`, else the stored choice, else the browser's languages, else de-CH. */
export function detectInitialLocale(): Locale {
  const fromAddress = localeFromAddress();
  if (fromAddress) return fromAddress;
  const stored = readStoredLocale();
  if (stored) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const language of preferred) {
    const locale = localeFromLanguage(language);
    if (locale) return locale;
  }
  return defaultLocale;
}
