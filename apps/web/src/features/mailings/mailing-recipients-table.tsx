import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailingRecipients, type MailingRecipient } from './api/mailings';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';

/** Each recipient of a sent (or sending) mailing and her state, paged on the server. */
export function MailingRecipientsTable({ mailingId }: { mailingId: string }) {
  const { t, i18n } = useTranslation();
  const [pagination, setPagination] = useState({ page: 0, pageSize: 20 });
  const recipients = useMailingRecipients(mailingId, pagination.page, pagination.pageSize);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo((): DataTableColumn<MailingRecipient>[] => {
    const dateTime = (iso: string | null) =>
      iso
        ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))
        : '';
    const stateText = (row: MailingRecipient) =>
      row.error
        ? `${t(`mailings.recipientStates.${row.state}`)} (${t(`mailings.recipientErrors.${row.error}`, { defaultValue: row.error })})`
        : t(`mailings.recipientStates.${row.state}`);
    // On a phone one column that wraps: the table never scrolls sideways.
    if (isPhone) {
      return [
        {
          id: 'recipient',
          header: t('mailings.recipients.title'),
          cell: (row) => (
            <Box sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {[row.firstname, row.lastname].filter(Boolean).join(' ') || row.address}
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {row.address} · {stateText(row)}
              </Typography>
            </Box>
          ),
        },
      ];
    }
    return [
      {
        id: 'name',
        header: t('mailings.recipients.name'),
        cell: (row) => [row.firstname, row.lastname].filter(Boolean).join(' ') || '–',
      },
      {
        id: 'address',
        header: t('mailings.recipients.address'),
        cell: (row) => (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {row.address}
          </Typography>
        ),
      },
      { id: 'language', header: t('mailings.recipients.language'), cell: (row) => row.language },
      {
        id: 'state',
        header: t('mailings.recipients.state'),
        cell: stateText,
      },
      { id: 'sentAt', header: t('mailings.recipients.sentAt'), cell: (row) => dateTime(row.sentAt) },
    ];
  }, [t, i18n.language, isPhone]);
  return (
    <DataTable
      label={t('mailings.recipients.title')}
      columns={columns}
      rows={recipients.data?.items ?? []}
      total={recipients.data?.total ?? 0}
      getRowId={(row) => row.id}
      getRowLabel={(row) => row.address}
      sorting={[]}
      onSortingChange={() => {}}
      pagination={pagination}
      onPaginationChange={setPagination}
      isLoading={recipients.isFetching}
      emptyText={t('mailings.recipients.none')}
    />
  );
}
