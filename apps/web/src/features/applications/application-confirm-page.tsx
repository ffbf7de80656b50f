import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfirmApplication } from './api/confirm-application';
import { ApiError } from '../../api/api-error';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /apply/confirm/{key}: confirming is a PUT from this button, never the opening of the link
 * (mail scanners must not confirm anything), as the registration links do.
 */
export function ApplicationConfirmPage() {
  const { t } = useTranslation();
  const { key = '' } = useParams();
  const confirm = useConfirmApplication(key);
  const title = t('applications.confirm.title');
  usePageTitle(title);
  const failure = confirm.error;
  const failureText =
    failure instanceof ApiError && failure.status === 409 && failure.errors.length
      ? failure.errors.join(', ')
      : failure instanceof ApiError && failure.status < 500
        ? t('applications.confirm.linkInvalid')
        : t('common.updateError');
  return (
    <Box sx={{ maxWidth: '50rem' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {confirm.data ? (
          <Alert severity="success" role="status">
            {t('applications.confirm.done', { club: confirm.data.clubName ?? t('applications.association') })}
          </Alert>
        ) : (
          <>
            <Typography>{t('applications.confirm.text')}</Typography>
            {failure ? <Alert severity="warning">{failureText}</Alert> : null}
            <Button
              variant="contained"
              startIcon={<CheckIcon />}
              onClick={() => confirm.mutate()}
              disabled={confirm.isPending}
            >
              {t('applications.confirm.button')}
            </Button>
          </>
        )}
      </Stack>
    </Box>
  );
}
