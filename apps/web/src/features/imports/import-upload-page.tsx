import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { PageHeading } from '../../components/page-heading';
import { useUploadImport } from './api/imports-api';

/** Issue 16, step 1: choose an .xlsx or .csv file; the next steps are on the upload's own page. */
export function ImportUploadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const errors =
    upload.error instanceof ApiError && upload.error.errors.length > 0
      ? upload.error.errors
      : upload.error
        ? [t('common.uploadError')]
        : [];
  const submit = async () => {
    if (!file) return;
    const uploaded = await upload.mutateAsync(file).catch(() => null);
    if (uploaded) await navigate(`/imports/${uploaded.id}`);
  };
  return (
    <>
      <PageHeading titleKey="pages.import" />
      <Paper
        component="form"
        aria-label={t('imports.uploadForm')}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack spacing={2}>
          <Typography>{t('imports.uploadHint')}</Typography>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start' }}>
            {t('imports.chooseFile')}
            <input
              hidden
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="body2" aria-live="polite">
            {file ? t('imports.chosenFile', { name: file.name }) : t('imports.noFile')}
          </Typography>
          <ErrorList errors={errors} />
          <Button
            type="submit"
            variant="contained"
            disabled={!file || upload.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {upload.isPending ? t('imports.uploading') : t('imports.upload')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
