import i18n from 'i18next';
import deCH from './i18n/de-CH.json';
import enUS from './i18n/en-US.json';
import frCH from './i18n/fr-CH.json';
import itCH from './i18n/it-CH.json';

/**
 * The table's own texts (`dataTable.*`), kept beside it and added to i18next when the table's
 * code loads: the shared table lives outside `features/`, so the feature-file glob does not see
 * it. `data-table-messages.test.ts` compares the keys of the four files.
 */
export const dataTableMessages = { 'de-CH': deCH, 'fr-CH': frCH, 'it-CH': itCH, 'en-US': enUS } as const;

function register() {
  for (const [locale, messages] of Object.entries(dataTableMessages)) {
    i18n.addResourceBundle(locale, 'translation', messages, true, false);
  }
}

if (i18n.isInitialized) register();
else i18n.on('initialized', register);
