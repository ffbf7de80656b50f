import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoiceKeys } from './api/invoice-keys';
import { printBatchPdfPath, useDownload, usePrintBatches } from './api/invoicing-api';
import { formatDateTime } from './invoice-format';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { JobProgress } from '../../components/job-progress/job-progress';

/** Issue 17: the print batches (the invoices and reminders to print, in one PDF each). */
export function PrintBatchList({ clubId }: { clubId: string | null }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const batches = usePrintBatches(clubId);
  const download = useDownload();
  const items = batches.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        {t('invoices.printBatch.title')}
      </Typography>
      <List dense disablePadding aria-label={t('invoices.printBatch.title')}>
        {items.map((batch) => (
          <ListItem key={batch.id} divider disableGutters sx={{ display: 'block' }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between' }}>
              <Typography>
                {t('invoices.printBatch.line', {
                  date: formatDateTime(batch.createdAt, i18n.language),
                  count: batch.documentCount,
                })}
              </Typography>
              {batch.ready ? (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={download.isPending}
                  onClick={() => download.mutate({ path: printBatchPdfPath(batch.id) })}
                  aria-label={t('invoices.printBatch.downloadOf', {
                    date: formatDateTime(batch.createdAt, i18n.language),
                  })}
                >
                  {t('invoices.printBatch.download')}
                </Button>
              ) : null}
            </Stack>
            {!batch.ready && batch.jobId ? (
              <JobProgress jobId={batch.jobId} label={t('invoices.printBatch.progress')}>
                {() => (
                  <RefreshOnEnd
                    onEnd={() => void queryClient.invalidateQueries({ queryKey: invoiceKeys.printBatches(clubId) })}
                  />
                )}
              </JobProgress>
            ) : null}
          </ListItem>
        ))}
      </List>
      <ErrorList errors={download.isError ? errorMessages(download.error, t('common.loadError')) : []} />
    </>
  );
}

/** The batch is ready once its job has ended: the list is asked for again. */
function RefreshOnEnd({ onEnd }: { onEnd: () => void }) {
  const [first] = useState(() => onEnd);
  useEffect(() => first(), [first]);
  return null;
}
