import dayjs from 'dayjs';
import 'dayjs/locale/de-ch';
import 'dayjs/locale/fr-ch';
import 'dayjs/locale/it-ch';
import updateLocale from 'dayjs/plugin/updateLocale';
import type { Locale } from '../lib/locale';

// The week starts on Monday in every locale (spec 01 §9), English included.
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });

const dayjsLocales: Record<Locale, string> = {
  'de-CH': 'de-ch',
  'fr-CH': 'fr-ch',
  'it-CH': 'it-ch',
  'en-US': 'en',
};

/** Sets dayjs's global locale and answers its name for the date pickers' adapter. */
export function applyDayjsLocale(locale: Locale): string {
  dayjs.locale(dayjsLocales[locale]);
  return dayjsLocales[locale];
}
