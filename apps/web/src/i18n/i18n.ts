import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadMuiLocale } from '../app/mui-locale';
import { detectInitialLocale, locales, storeLocale, type Locale } from '../lib/locale';

// Each locale's texts are a chunk of their own, loaded when the locale is first used: the
// login route carries one language, not four (issue 8, front-end budgets).
const bundles: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  'de-CH': () => import('./bundles/de-CH'),
  'fr-CH': () => import('./bundles/fr-CH'),
  'it-CH': () => import('./bundles/it-CH'),
  'en-US': () => import('./bundles/en-US'),
};

const localeBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = bundles[language as Locale];
    if (!load) return callback(new Error(`No texts for ${language}`), false);
    // MUI's texts of the locale come with ours, so the theme has them when the locale is in use.
    Promise.all([load(), loadMuiLocale(language as Locale)]).then(
      ([bundle]) => callback(null, bundle.default),
      (error: Error) => callback(error, false),
    );
  },
};

function applyLocale(locale: string) {
  document.documentElement.lang = locale;
}

/** Resolves once the first locale's texts are loaded; the app renders after it. */
export const i18nReady = i18n
  .use(localeBundles)
  .use(initReactI18next)
  .init({
    lng: detectInitialLocale(),
    // Every locale has every key (locale-files.test.ts), so no second language is loaded as a
    // fallback.
    fallbackLng: false,
    supportedLngs: [...locales],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => {
    applyLocale(i18n.language);
    i18n.on('languageChanged', (locale) => {
      applyLocale(locale);
      storeLocale(locale as Locale);
    });
  });

export default i18n;
