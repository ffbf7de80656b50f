import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> – <application>" for pages whose title is data (an event's title), spec 02 §2. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = `${title} – ${appTitle}`;
  }, [title, appTitle]);
}
