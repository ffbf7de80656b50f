import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useDownloadOwnData } from './api/download-own-data';
import { DetailSection } from '../person-detail-fields';

/** Her own profile only: the revFADP right of access, as a JSON file of everything stored about her. */
export function OwnDataSection() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownloadOwnData();
  return (
    <DetailSection title={t('personPrivacy.ownDataTitle')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('personPrivacy.ownDataText')}
      </Typography>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<Download />}
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: () => enqueueSnackbar(t('personPrivacy.ownDataDone'), { variant: 'success' }),
            onError: () => enqueueSnackbar(t('personPrivacy.loadError'), { variant: 'error' }),
          })
        }
      >
        {t('personPrivacy.ownDataButton')}
      </Button>
    </DetailSection>
  );
}
