import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fieldMappedTwice, type ImportMapping, importFieldLabelKey } from '@bpw/domain/import-fields';
import type { ImportJobResult, ImportUpload } from '@bpw/domain/schemas/import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { JobProgress } from '../../components/job-progress/job-progress';
import { PageHeading } from '../../components/page-heading';
import { saveFile } from '../../lib/file-download';
import { useDownloadImportResult, useImport, usePreviewImport, useRunImport } from './api/imports-api';
import { MappingTable } from './mapping-table';
import { PreviewTable } from './preview-table';

const messagesOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.errors.length > 0 ? error.errors : error ? [fallback] : [];

/** Issue 16, steps 2 to 4 of an upload: map the columns, preview, run as a job with its progress. */
export function ImportPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const upload = useImport(id);
  return (
    <>
      <PageHeading titleKey="pages.import" />
      {upload.isPending ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : upload.isError ? (
        <Alert severity="error">{t('common.loadError')}</Alert>
      ) : (
        <ImportSteps upload={upload.data} />
      )}
    </>
  );
}

function ImportSteps({ upload }: { upload: ImportUpload }) {
  const { t } = useTranslation();
  const [mapping, setMapping] = useState<ImportMapping>(upload.mapping);
  const preview = usePreviewImport();
  const run = useRunImport();
  const twice = fieldMappedTwice(mapping);
  const delimiterName = { ',': 'comma', ';': 'semicolon', '\t': 'tab' }[upload.delimiter ?? ''];
  const jobId = run.data?.jobId ?? upload.jobId;
  const changeMapping = (next: ImportMapping) => {
    setMapping(next);
    preview.reset();
  };
  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {upload.fileName}
        </Typography>
        <Typography variant="body2">
          {t('imports.fileFacts', { count: upload.rowCount, format: upload.format.toUpperCase() })}
          {upload.encoding ? ` · ${t('imports.encoding', { encoding: upload.encoding.toUpperCase() })}` : ''}
          {delimiterName ? ` · ${t('imports.delimiter', { delimiter: t(`imports.delimiters.${delimiterName}`) })}` : ''}
        </Typography>
      </Paper>
      {jobId ? (
        <RunProgress uploadId={upload.id} jobId={jobId} />
      ) : (
        <>
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('imports.mappingTitle')}
            </Typography>
            {upload.isMappingSaved ? <Typography variant="body2">{t('imports.savedMapping')}</Typography> : null}
            <MappingTable headers={upload.headers} mapping={mapping} onChange={changeMapping} twice={twice} />
            {twice ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('import.error.mappedTwice', { field: t(importFieldLabelKey(twice)) })}
              </Alert>
            ) : null}
            <Button
              variant="outlined"
              sx={{ mt: 2 }}
              disabled={twice !== null || preview.isPending}
              onClick={() => preview.mutate({ id: upload.id, mapping })}
            >
              {t('imports.showPreview')}
            </Button>
          </Paper>
          {preview.isError ? <ErrorList errors={messagesOf(preview.error, t('common.loadError'))} /> : null}
          {preview.data ? (
            <Paper sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('imports.previewTitle', { count: preview.data.items.length })}
              </Typography>
              <PreviewTable preview={preview.data} mapping={mapping} />
              <ErrorList errors={messagesOf(run.error, t('common.loadError'))} />
              <Button
                variant="contained"
                sx={{ mt: 2 }}
                disabled={run.isPending}
                onClick={() => run.mutate({ id: upload.id, mapping })}
              >
                {t('imports.run', { count: upload.rowCount })}
              </Button>
            </Paper>
          ) : null}
        </>
      )}
    </Stack>
  );
}

function RunProgress({ uploadId, jobId }: { uploadId: string; jobId: string }) {
  const { t } = useTranslation();
  const download = useDownloadImportResult();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('imports.runTitle')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('imports.runHint')}
      </Typography>
      <JobProgress jobId={jobId} label={t('imports.progress')}>
        {(job) => {
          const result = job.result as ImportJobResult | null;
          return (
            <Stack spacing={2} sx={{ mt: 2 }}>
              {result ? (
                <Typography>
                  {t('imports.summary', {
                    created: result.created,
                    updated: result.updated,
                    unchanged: result.unchanged,
                    refused: result.refused,
                  })}
                </Typography>
              ) : null}
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  disabled={download.isPending}
                  onClick={() =>
                    void download.mutateAsync(uploadId).then(({ blob, fileName }) => saveFile(blob, fileName))
                  }
                >
                  {t('imports.downloadResult')}
                </Button>
                <Button component={RouterLink} to="/imports">
                  {t('imports.another')}
                </Button>
              </Stack>
            </Stack>
          );
        }}
      </JobProgress>
    </Paper>
  );
}
