import CircularProgress from '@mui/material/CircularProgress';
import Backdrop from '@mui/material/Backdrop';
import { useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/file-download';
import { useExportRegistrations } from './api/export-registrations';

/**
 * The menu action "export registrations" (spec 02 §2, §7): downloads the xlsx under the name the
 * server gives; a failure (a missing file name too) shows the loading-error snackbar (§8).
 */
export function ExportRegistrationsAction({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { mutateAsync } = useExportRegistrations();
  // Strict mode runs effects twice in development: one download per choice of the action.
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void (async () => {
      try {
        const { blob, fileName } = await mutateAsync(eventId);
        saveFile(blob, fileName);
        enqueueSnackbar(t('eventRegistrationsStaff.export.done', { fileName }), { variant: 'success' });
      } catch {
        enqueueSnackbar(t('common.loadError'), { variant: 'error' });
      } finally {
        onClose();
      }
    })();
  }, [eventId, mutateAsync, enqueueSnackbar, t, onClose]);
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <CircularProgress color="inherit" aria-label={t('eventRegistrationsStaff.export.running')} />
    </Backdrop>
  );
}
