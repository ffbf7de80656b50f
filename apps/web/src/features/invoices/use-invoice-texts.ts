import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The feature's texts are not in the locale bundles (bundles/*.ts exclude them): they load with
 * its screens, so the signed-in shell stays within its budget (issue 8). Only the tab's and the
 * menu's labels (`invoicesNav`) are in the bundles.
 */
const files = import.meta.glob<Record<string, unknown>>('./i18n/*.json', { import: 'default' });

/** True once the current language's invoice texts are added to i18next. */
export function useInvoiceTexts(): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [, setAdded] = useState(0);
  const isAdded = i18n.exists('invoices.title', { lng: language });
  useEffect(() => {
    const load = files[`./i18n/${language}.json`];
    if (isAdded || !load) return;
    let isCurrent = true;
    void load().then((texts) => {
      i18n.addResourceBundle(language, 'translation', texts, true, false);
      if (isCurrent) setAdded((count) => count + 1);
    });
    return () => {
      isCurrent = false;
    };
  }, [i18n, language, isAdded]);
  return isAdded;
}
