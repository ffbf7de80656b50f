import Delete from '@mui/icons-material/Delete';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCompetenceLogo } from './api/delete-competence-logo';
import { useCompetenceLogo } from './api/get-competence-logo';
import { useUploadCompetenceLogo } from './api/upload-competence-logo';
import { isAcceptedImage } from './avatar-dialog';

interface AddressFormLogoProps {
  personId: string;
  addressId: string;
  logoId: string | null;
}

/** The competence logo of a saved business address: upload (field CompetenceLogo) or remove. */
export function AddressFormLogo({ personId, addressId, logoId }: AddressFormLogoProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [isTypeWrong, setIsTypeWrong] = useState(false);
  const logo = useCompetenceLogo(personId, addressId, logoId);
  const upload = useUploadCompetenceLogo();
  const remove = useDeleteCompetenceLogo();
  const url = useMemo(() => (logo.data ? URL.createObjectURL(logo.data) : null), [logo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const isBusy = upload.isPending || remove.isPending;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        {t('personDetail.address.logo')}
      </Typography>
      {url ? (
        <Box component="img" src={url} alt={t('personDetail.address.logo')} sx={{ maxWidth: 200, maxHeight: 100 }} />
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" color="inherit" startIcon={<UploadFile />} disabled={isBusy}>
          {t('personDetail.address.logoUpload')}
          <input
            type="file"
            hidden
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              const isAccepted = isAcceptedImage(file);
              setIsTypeWrong(!isAccepted);
              if (!isAccepted) return;
              upload.mutate(
                { personId, addressId, file },
                { onError: () => enqueueSnackbar(t('common.uploadError'), { variant: 'error' }) },
              );
            }}
          />
        </Button>
        {logoId ? (
          <Button
            color="inherit"
            startIcon={<Delete />}
            disabled={isBusy}
            onClick={() =>
              remove.mutate(
                { personId, addressId },
                { onError: () => enqueueSnackbar(t('common.deleteError'), { variant: 'error' }) },
              )
            }
          >
            {t('personDetail.address.logoRemove')}
          </Button>
        ) : null}
      </Stack>
      {isTypeWrong ? <Alert severity="error">{t('personDetail.avatar.wrongType')}</Alert> : null}
    </Stack>
  );
}
