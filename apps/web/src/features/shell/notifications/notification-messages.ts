import i18n from 'i18next';
import deCH from './i18n/de-CH.json';
import enUS from './i18n/en-US.json';
import frCH from './i18n/fr-CH.json';
import itCH from './i18n/it-CH.json';

/**
 * The notification centre's texts (`notificationCenter.*`). They live beside the bell inside the
 * shell, deeper than the feature-file glob (`features/<name>/i18n`) looks, so they are added to
 * i18next when this code loads, as the shared DataTable does. `notification-messages.test.ts`
 * compares the keys of the four files.
 */
export const notificationMessages = { 'de-CH': deCH, 'fr-CH': frCH, 'it-CH': itCH, 'en-US': enUS } as const;

function register() {
  for (const [locale, messages] of Object.entries(notificationMessages)) {
    i18n.addResourceBundle(locale, 'translation', messages, true, false);
  }
}

if (i18n.isInitialized) register();
else i18n.on('initialized', register);
