import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to "<page> – <application>" (spec 01 §2). */
export function usePageTitle(titleKey: string): string {
  const { t } = useTranslation();
  const title = t(titleKey);
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = `${title} – ${appTitle}`;
  }, [title, appTitle]);
  return title;
}
