import type { Locale } from '../lib/locale';

/**
 * MUI's texts for a locale (the pager's and the pickers' labels and the like), loaded with the
 * locale's own texts (i18n/i18n.ts) instead of with the app: each of MUI's locales builds an
 * Intl.NumberFormat when it is evaluated, and the four of them were a fair part of the app's
 * first long task (issue 20, /persons under Lighthouse's mobile profile).
 */
const loaders: Record<Locale, () => Promise<{ muiLocale: object }>> = {
  'de-CH': () => import('./mui-locales/de-CH'),
  'fr-CH': () => import('./mui-locales/fr-CH'),
  'it-CH': () => import('./mui-locales/it-CH'),
  'en-US': () => import('./mui-locales/en-US'),
};

const loaded: Partial<Record<Locale, object>> = {};

export async function loadMuiLocale(locale: Locale): Promise<void> {
  loaded[locale] ??= (await loaders[locale]()).muiLocale;
}

/** The locale's MUI texts once loaded (always before the locale is in use), else none. */
export const muiLocaleOf = (locale: Locale): object => loaded[locale] ?? {};
