import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarFeed, useRenewCalendarFeed } from './api/calendar-feed';
import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * Issue 19: the person's own secret calendar address (the events she is registered for), to
 * subscribe to (webcal) or copy, and a renewal that stops the old address.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const feed = useCalendarFeed(true);
  const renew = useRenewCalendarFeed();
  const [isAsking, setIsAsking] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar(t('personDetail.calendarFeed.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('personDetail.calendarFeed.copyFailed'), { variant: 'error' });
    }
  };
  const onRenew = async () => {
    setIsAsking(false);
    try {
      await renew.mutateAsync();
      enqueueSnackbar(t('personDetail.calendarFeed.renewed'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('common.updateError'), { variant: 'error' });
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="calendar-feed-title">
      <CardContent>
        <Typography id="calendar-feed-title" variant="h6" component="h2" gutterBottom>
          {t('personDetail.calendarFeed.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('personDetail.calendarFeed.text')}
        </Typography>
        {feed.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {feed.isError ? <Alert severity="error">{t('common.loadError')}</Alert> : null}
        {feed.data ? (
          <Stack spacing={2}>
            <TextField
              label={t('personDetail.calendarFeed.address')}
              value={feed.data.url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="contained" href={feed.data.webcalUrl}>
                {t('personDetail.calendarFeed.subscribe')}
              </Button>
              <Button variant="outlined" onClick={() => void copy(feed.data.url)}>
                {t('personDetail.calendarFeed.copy')}
              </Button>
              <Button disabled={renew.isPending} onClick={() => setIsAsking(true)}>
                {t('personDetail.calendarFeed.renew')}
              </Button>
            </Stack>
          </Stack>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={isAsking}
        title={t('personDetail.calendarFeed.renewTitle')}
        message={t('personDetail.calendarFeed.renewMessage')}
        confirmLabel={t('personDetail.calendarFeed.renew')}
        onConfirm={() => void onRenew()}
        onCancel={() => setIsAsking(false)}
      />
    </Card>
  );
}
