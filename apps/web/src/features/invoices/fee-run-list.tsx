import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCreatePrintBatch, useFeeRuns } from './api/invoicing-api';
import { chf, formatDay } from './invoice-format';
import { PrintBatchList } from './print-batch-list';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

/** The club's earlier fee runs, newest first, each with "gather the printed ones into one PDF". */
export function FeeRunList({ clubId }: { clubId: string | null }) {
  const { t, i18n } = useTranslation();
  const runs = useFeeRuns(clubId);
  const createBatch = useCreatePrintBatch();
  const items = runs.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('invoices.feeRun.earlier')}
      </Typography>
      {runs.isError ? <ErrorList errors={errorMessages(runs.error, t('common.loadError'))} /> : null}
      {runs.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary">{t('invoices.feeRun.noRuns')}</Typography>
      ) : null}
      {items.length > 0 ? (
        <List dense disablePadding aria-label={t('invoices.feeRun.earlier')}>
          {items.map((run) => (
            <ListItem key={run.id} divider disableGutters sx={{ display: 'block' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between' }}>
                <Typography>
                  {t('invoices.feeRun.runLine', {
                    year: run.year,
                    date: formatDay(run.issueDate),
                    count: run.invoiceCount,
                    total: chf(run.totalCentimes, i18n.language),
                  })}
                  {run.clubName && !clubId ? ` · ${run.clubName}` : ''}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={createBatch.isPending}
                  onClick={() => createBatch.mutate({ feeRunId: run.id })}
                  aria-label={t('invoices.printBatch.createFor', { year: run.year, date: formatDay(run.issueDate) })}
                >
                  {t('invoices.printBatch.create')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      ) : null}
      <ErrorList errors={createBatch.isError ? errorMessages(createBatch.error, t('common.saveError')) : []} />
      <PrintBatchList clubId={clubId} />
    </Paper>
  );
}
