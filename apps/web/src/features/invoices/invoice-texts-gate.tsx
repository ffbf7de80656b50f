import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvoiceTexts } from './use-invoice-texts';

/** Renders its children once the invoice texts of the current language are loaded. */
export function InvoiceTextsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isReady = useInvoiceTexts();
  return isReady ? children : <CircularProgress aria-label={t('app.loading')} />;
}
