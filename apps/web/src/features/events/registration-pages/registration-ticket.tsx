import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useDownloadTicket, useTicket } from './api/get-ticket';
import { saveFile } from '../../../lib/file-download';

/**
 * The ticket of a Confirmed registration (issue 19): the QR code to show at the door, its token
 * in letters (to type in when a camera fails) and the PDF to print.
 */
export function RegistrationTicket({ keyOrId }: { keyOrId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { data: ticket, isPending, isError } = useTicket(keyOrId, true);
  const download = useDownloadTicket(keyOrId);
  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
      onError: () => enqueueSnackbar(t('common.loadError'), { variant: 'error' }),
    });
  return (
    <Card variant="outlined" component="section" aria-labelledby="ticket-heading" sx={{ width: '100%', maxWidth: 360 }}>
      <CardContent>
        <Typography id="ticket-heading" variant="h6" component="h2" gutterBottom>
          {t('eventRegistrationPages.ticket.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('eventRegistrationPages.ticket.hint')}
        </Typography>
        {isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {isError ? <Typography color="error">{t('common.loadError')}</Typography> : null}
        {ticket ? (
          <>
            <Box
              component="img"
              src={ticket.qrCode}
              alt={t('eventRegistrationPages.ticket.qrAlt')}
              sx={{ display: 'block', width: '100%', maxWidth: 280, aspectRatio: '1', mx: 'auto', bgcolor: '#fff' }}
            />
            <Typography
              variant="body2"
              data-testid="ticket-token"
              sx={{ fontFamily: 'monospace', textAlign: 'center', wordBreak: 'break-all', my: 1 }}
            >
              {ticket.token}
            </Typography>
            <Button variant="outlined" startIcon={<PictureAsPdf />} onClick={onDownload} disabled={download.isPending}>
              {t('eventRegistrationPages.ticket.pdf')}
            </Button>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
