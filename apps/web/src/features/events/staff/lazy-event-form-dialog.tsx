import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventFormDialogProps } from './event-form-dialog';

// The form and its markdown editor are large: they load only when a form is opened, so neither
// the login route nor the app shell nor the list pages carry them.
const EventFormDialog = lazy(() => import('./event-form-dialog').then((m) => ({ default: m.EventFormDialog })));

/** The event form dialog, loaded on first use; mount it only while it is open. */
export function LazyEventFormDialog(props: EventFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <LinearProgress
          aria-label={t('app.loading')}
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'modal' }}
        />
      }
    >
      <EventFormDialog {...props} />
    </Suspense>
  );
}
