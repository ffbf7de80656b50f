import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentPerson } from '../lib/current-person';
import { localeFromLanguage } from '../lib/locale';

/** The signed-in person's languageCode sets the interface language (spec 01 §1). */
export function LanguageFromPerson() {
  const { i18n } = useTranslation();
  const { data: person } = useCurrentPerson();
  const locale = localeFromLanguage(person?.languageCode);
  useEffect(() => {
    if (locale && locale !== i18n.language) void i18n.changeLanguage(locale);
    // Only when the person (or her language) changes, not when the UI language does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [person?.id, locale]);
  return null;
}
