import CircularProgress from '@mui/material/CircularProgress';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailingTexts } from './use-mailing-texts';

/** A page of this feature, shown once its texts are loaded (use-mailing-texts.ts). */
export function withMailingTexts<P extends object>(Page: ComponentType<P>) {
  return function WithMailingTexts(props: P) {
    const { t } = useTranslation();
    if (!useMailingTexts()) return <CircularProgress aria-label={t('app.loading')} />;
    return <Page {...props} />;
  };
}
