import Delete from '@mui/icons-material/Delete';
import EventIcon from '@mui/icons-material/Event';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteEventImage, useEventImage, useUploadEventImage } from './api/event-image';
import { EventCard } from './event-card';
import { checkImageFile, minImageSide, type ImageFileProblem } from './image-file-check';
import { errorMessages } from '../../../api/api-error';
import { ErrorList } from '../../../components/error-list';

/** The banner image (spec 02 §3); managers upload a new one (png or jpeg, at least 300x300) or remove it. */
export function EventImageCard({ event, canManage }: { event: EventDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const image = useEventImage(event.id, event.eventImageId, 'large');
  const upload = useUploadEventImage();
  const remove = useDeleteEventImage();
  const [problem, setProblem] = useState<ImageFileProblem | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const isBusy = upload.isPending || remove.isPending;

  const choose = async (file: File | null) => {
    setErrors([]);
    setProblem(null);
    if (!file) return;
    const found = await checkImageFile(file);
    if (found) {
      setProblem(found);
      return;
    }
    try {
      await upload.mutateAsync({ id: event.id, file });
      enqueueSnackbar(t('eventsStaff.image.uploaded'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(t('common.uploadError'), { variant: 'error' });
      setErrors(errorMessages(error, t('common.uploadError')));
    }
  };
  const removeImage = async () => {
    setErrors([]);
    try {
      await remove.mutateAsync(event.id);
      enqueueSnackbar(t('eventsStaff.image.removed'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(t('common.deleteError'), { variant: 'error' });
      setErrors(errorMessages(error, t('common.deleteError')));
    }
  };

  return (
    <EventCard title={t('eventsStaff.cards.image')}>
      <Stack spacing={1.5}>
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t('eventsStaff.image.alt', { title: event.title })}
            sx={{ width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        ) : (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              minHeight: 120,
              bgcolor: 'grey.100',
              borderRadius: 1,
              color: 'text.secondary',
            }}
          >
            <EventIcon aria-hidden />
            <Typography variant="body2">
              {event.eventImageId && image.isPending ? t('app.loading') : t('eventsStaff.image.none')}
            </Typography>
          </Box>
        )}
        {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
        <ErrorList errors={errors} />
        {problem ? (
          <Alert severity="error">{t(`eventsStaff.image.problem.${problem}`, { size: minImageSide })}</Alert>
        ) : null}
        {canManage ? (
          <>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button component="label" variant="outlined" color="inherit" startIcon={<UploadFile />} disabled={isBusy}>
                {t(event.eventImageId ? 'eventsStaff.image.replace' : 'eventsStaff.image.upload')}
                <input
                  type="file"
                  hidden
                  accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                  data-testid="event-image-file"
                  onChange={(changeEvent) => {
                    const file = changeEvent.target.files?.[0] ?? null;
                    changeEvent.target.value = '';
                    void choose(file);
                  }}
                />
              </Button>
              {event.eventImageId ? (
                <Button color="inherit" startIcon={<Delete />} onClick={() => void removeImage()} disabled={isBusy}>
                  {t('eventsStaff.image.remove')}
                </Button>
              ) : null}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('eventsStaff.image.hint', { size: minImageSide })}
            </Typography>
          </>
        ) : null}
      </Stack>
    </EventCard>
  );
}
