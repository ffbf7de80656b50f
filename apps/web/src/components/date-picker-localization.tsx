import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS, frFR, itIT } from '@mui/x-date-pickers/locales';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyDayjsLocale } from './dayjs-locale';
import { defaultLocale, isLocale, type Locale } from '../lib/locale';

const pickerTexts: Record<Locale, typeof deDE> = { 'de-CH': deDE, 'fr-CH': frFR, 'it-CH': itIT, 'en-US': enUS };

/**
 * The date pickers' adapter, locale and texts, around the calendar only: the pickers and dayjs
 * load with the pages that have a date input, not with the app shell (issue 8).
 */
export function DatePickerLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const adapterLocale = useMemo(() => applyDayjsLocale(locale), [locale]);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={adapterLocale}
      localeText={pickerTexts[locale].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
