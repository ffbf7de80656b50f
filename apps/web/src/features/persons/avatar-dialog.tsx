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
import { useDeleteAvatar } from './api/delete-avatar';
import { useUploadAvatar } from './api/upload-avatar';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
import { PersonAvatar } from '../../components/person-avatar';

/** Spec 01 §5 "Avatar and logo upload": a file is required; png, jpeg, jpg. */
export const imageTypes = ['image/png', 'image/jpeg'];
export const isAcceptedImage = (file: File) => imageTypes.includes(file.type) || /\.(png|jpe?g)$/i.test(file.name);

interface AvatarDialogProps {
  onClose: () => void;
  personId: string;
  avatarId: string | null;
  name: string;
}

/** Uploads a new avatar (form field Avatar) or removes the current one. Mount it while open. */
export function AvatarDialog({ onClose, personId, avatarId, name }: AvatarDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [file, setFile] = useState<File | null>(null);
  const [isTypeWrong, setIsTypeWrong] = useState(false);
  const { errors, clearErrors, showErrors } = useFormErrors();
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const save = async () => {
    if (!file) return;
    clearErrors();
    try {
      await upload.mutateAsync({ id: personId, file });
      enqueueSnackbar(t('personDetail.avatar.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.uploadError'));
    }
  };
  const removeAvatar = async () => {
    clearErrors();
    try {
      await remove.mutateAsync(personId);
      enqueueSnackbar(t('personDetail.avatar.removed'), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.deleteError'));
    }
  };
  const isBusy = upload.isPending || remove.isPending;

  return (
    <FormDialog
      title={t('personDetail.menu.avatar')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel={t('personDetail.avatar.upload')}
      isSubmitDisabled={!file}
      isBusy={isBusy}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {preview ? (
            <Box
              component="img"
              src={preview}
              alt={t('personDetail.avatar.preview')}
              sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: '50%' }}
            />
          ) : (
            <PersonAvatar personId={personId} avatarId={avatarId} name={name} size="l" diameter={120} />
          )}
          <Stack spacing={1}>
            <Button component="label" variant="outlined" color="inherit" startIcon={<UploadFile />} disabled={isBusy}>
              {t('personDetail.avatar.choose')}
              <input
                type="file"
                hidden
                accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                data-testid="avatar-file"
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  event.target.value = '';
                  const isAccepted = chosen ? isAcceptedImage(chosen) : true;
                  setIsTypeWrong(!isAccepted);
                  setFile(isAccepted ? chosen : null);
                }}
              />
            </Button>
            {avatarId ? (
              <Button color="inherit" startIcon={<Delete />} onClick={() => void removeAvatar()} disabled={isBusy}>
                {t('personDetail.avatar.remove')}
              </Button>
            ) : null}
          </Stack>
        </Box>
        {file ? <Typography variant="body2">{file.name}</Typography> : null}
        {isTypeWrong ? <Alert severity="error">{t('personDetail.avatar.wrongType')}</Alert> : null}
        <Typography variant="body2" color="text.secondary">
          {t('personDetail.avatar.hint')}
        </Typography>
      </Stack>
    </FormDialog>
  );
}
