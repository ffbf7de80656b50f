import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignCredit, useIgnoreCredit, useUnmatchedCredits } from './api/payments-api';
import type { InvoiceListItem, UnmatchedCredit } from './api/invoice-types';
import { chf, formatDay } from './invoice-format';
import { InvoicePicker } from './invoice-picker';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { defaultPageSize } from '../../components/data-table/data-table-sorting';
import { ErrorList } from '../../components/error-list';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

/** Issue 17: the credits no reference matched, newest first, to assign to an invoice or set aside. */
export function UnmatchedCreditList({ clubId }: { clubId: string | null }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [paging, setPaging] = useState({ page: 0, pageSize: defaultPageSize });
  const credits = useUnmatchedCredits(clubId, paging.page, paging.pageSize);
  const ignore = useIgnoreCredit();
  const [assigning, setAssigning] = useState<UnmatchedCredit | null>(null);
  const [ignoring, setIgnoring] = useState<UnmatchedCredit | null>(null);
  const creditName = (credit: UnmatchedCredit) =>
    t('invoices.unmatched.rowLabel', {
      amount: chf(credit.amountCentimes, i18n.language),
      date: formatDay(credit.bookingDate),
    });
  const columns = useMemo<DataTableColumn<UnmatchedCredit>[]>(
    () => [
      { id: 'bookingDate', header: t('invoices.unmatched.bookingDate'), cell: (row) => formatDay(row.bookingDate) },
      { id: 'amount', header: t('invoices.fields.amount'), cell: (row) => chf(row.amountCentimes, i18n.language) },
      { id: 'debtor', header: t('invoices.unmatched.debtor'), cell: (row) => row.debtorName ?? '–' },
      {
        id: 'reference',
        header: t('invoices.unmatched.reference'),
        cell: (row) => row.reference ?? row.unstructuredText ?? '–',
      },
      {
        id: 'actions',
        header: t('invoices.unmatched.actions'),
        isHeaderHidden: true,
        cell: (row) => (
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setAssigning(row)}
              aria-label={`${t('invoices.unmatched.assign')}: ${creditName(row)}`}
            >
              {t('invoices.unmatched.assign')}
            </Button>
            <Button
              size="small"
              color="inherit"
              onClick={() => setIgnoring(row)}
              aria-label={`${t('invoices.unmatched.ignore')}: ${creditName(row)}`}
            >
              {t('invoices.unmatched.ignore')}
            </Button>
          </Stack>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- creditName reads only t and the language
    [t, i18n.language],
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('invoices.unmatched.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('invoices.unmatched.intro')}
      </Typography>
      {credits.isError ? <ErrorList errors={errorMessages(credits.error, t('common.loadError'))} /> : null}
      <ErrorList errors={ignore.isError ? errorMessages(ignore.error, t('common.saveError')) : []} />
      <DataTable
        label={t('invoices.unmatched.title')}
        columns={columns}
        rows={credits.data?.items ?? []}
        total={credits.data?.total ?? 0}
        getRowId={(row) => row.id}
        getRowLabel={creditName}
        sorting={[]}
        onSortingChange={() => {}}
        pagination={paging}
        onPaginationChange={setPaging}
        isLoading={credits.isFetching}
        emptyText={t('invoices.unmatched.none')}
      />
      {assigning ? <AssignDialog clubId={clubId} credit={assigning} onClose={() => setAssigning(null)} /> : null}
      <ConfirmDialog
        open={ignoring !== null}
        title={t('invoices.unmatched.ignoreTitle')}
        message={t('invoices.unmatched.ignoreMessage', { credit: ignoring ? creditName(ignoring) : '' })}
        confirmLabel={t('invoices.unmatched.ignore')}
        onCancel={() => setIgnoring(null)}
        onConfirm={() => {
          const id = ignoring?.id;
          setIgnoring(null);
          if (id)
            ignore.mutate(id, {
              onSuccess: () => enqueueSnackbar(t('invoices.unmatched.ignored'), { variant: 'success' }),
            });
        }}
      />
    </Paper>
  );
}

function AssignDialog({
  clubId,
  credit,
  onClose,
}: {
  clubId: string | null;
  credit: UnmatchedCredit;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const assign = useAssignCredit();
  const [invoice, setInvoice] = useState<InvoiceListItem | null>(null);
  const [isChecked, setIsChecked] = useState(false);
  const submit = async () => {
    setIsChecked(true);
    if (!invoice) return;
    clearErrors();
    try {
      await assign.mutateAsync({ id: credit.id, invoiceId: invoice.id });
      enqueueSnackbar(t('invoices.unmatched.assigned', { number: invoice.number }), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  return (
    <FormDialog
      title={t('invoices.unmatched.assignTitle')}
      description={t('invoices.unmatched.assignText', {
        amount: chf(credit.amountCentimes, i18n.language),
        date: formatDay(credit.bookingDate),
        debtor: credit.debtorName ?? '–',
      })}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('invoices.unmatched.assign')}
      isBusy={assign.isPending}
    >
      <InvoicePicker
        clubId={clubId ?? credit.clubId}
        value={invoice}
        onChange={setInvoice}
        error={isChecked && !invoice ? t('invoices.picker.required') : undefined}
        autoFocus
      />
    </FormDialog>
  );
}
