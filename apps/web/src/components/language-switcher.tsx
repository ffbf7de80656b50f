import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isLocale, locales } from '../lib/locale';

/** Chooses one of the four UI locales; each name is written in its own language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = isLocale(i18n.language) ? i18n.language : 'de-CH';
  return (
    <TextField
      select
      size="small"
      label={t('common.language')}
      value={current}
      onChange={(event) => void i18n.changeLanguage(event.target.value)}
      sx={{ minWidth: 160 }}
    >
      {locales.map((locale) => (
        <MenuItem key={locale} value={locale} lang={locale}>
          {t(`locales.${locale}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
