import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// Enum labels (`{ "enum": { ... } }`) come from the domain package, shared with the API.
import deLabels from '@bpw/domain/labels/de-CH.json';
import enLabels from '@bpw/domain/labels/en-US.json';
import frLabels from '@bpw/domain/labels/fr-CH.json';
import itLabels from '@bpw/domain/labels/it-CH.json';
// Validation messages are the server's own texts, so form and API say the same; so are the
// registration availability messages (spec 02 §4), which the server also answers as errors.
import deMessages from '@bpw/domain/messages/de-CH.json';
import enMessages from '@bpw/domain/messages/en-US.json';
import frMessages from '@bpw/domain/messages/fr-CH.json';
import itMessages from '@bpw/domain/messages/it-CH.json';
import deCH from './de-CH.json';
import enUS from './en-US.json';
import frCH from './fr-CH.json';
import itCH from './it-CH.json';
import { defaultLocale, detectInitialLocale, locales, storeLocale, type Locale } from '../lib/locale';
import { featureMessages } from './feature-messages';

const resources: Record<Locale, { translation: object }> = {
  'de-CH': {
    translation: {
      ...deCH,
      ...featureMessages('de-CH'),
      ...deLabels,
      validation: deMessages.validation,
      field: deMessages.field,
      eventAvailability: deMessages.eventAvailability,
    },
  },
  'fr-CH': {
    translation: {
      ...frCH,
      ...featureMessages('fr-CH'),
      ...frLabels,
      validation: frMessages.validation,
      field: frMessages.field,
      eventAvailability: frMessages.eventAvailability,
    },
  },
  'it-CH': {
    translation: {
      ...itCH,
      ...featureMessages('it-CH'),
      ...itLabels,
      validation: itMessages.validation,
      field: itMessages.field,
      eventAvailability: itMessages.eventAvailability,
    },
  },
  'en-US': {
    translation: {
      ...enUS,
      ...featureMessages('en-US'),
      ...enLabels,
      validation: enMessages.validation,
      field: enMessages.field,
      eventAvailability: enMessages.eventAvailability,
    },
  },
};

function applyLocale(locale: string) {
  document.documentElement.lang = locale;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: detectInitialLocale(),
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
});

applyLocale(i18n.language);
i18n.on('languageChanged', (locale) => {
  applyLocale(locale);
  storeLocale(locale as Locale);
});

export default i18n;
