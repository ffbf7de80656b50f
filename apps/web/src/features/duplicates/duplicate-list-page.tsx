import type { DuplicatePair, DuplicatePerson } from '@bpw/domain/schemas/duplicate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { canMergeDuplicates } from '@bpw/domain/permissions';
import { useActor } from '../../lib/use-claims';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn, type DataTablePaginationState } from '../../components/data-table/data-table';
import { PageHeading } from '../../components/page-heading';
import { formatDateInput } from '@bpw/domain/date-input';
import { useDismissDuplicate } from './api/dismiss-duplicate';
import { useDuplicates } from './api/get-duplicates';
import { MergeDialog } from './merge-dialog';

const nameOf = (person: Pick<DuplicatePerson, 'firstname' | 'lastname'>) =>
  [person.firstname, person.lastname].filter(Boolean).join(' ');
const pairId = (pair: DuplicatePair) => `${pair.person1.id}_${pair.person2.id}`;

/** /duplicates (issue 16) for admins and club managers; others go to the persons list. */
export function DuplicateListPage() {
  const actor = useActor();
  return canMergeDuplicates(actor) ? <DuplicateList /> : <Navigate to="/persons" replace />;
}

/** Likely duplicate pairs, paged on the server, to merge or dismiss. */
function DuplicateList() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [pagination, setPagination] = useState<DataTablePaginationState>({ page: 0, pageSize: 20 });
  const list = useDuplicates({ Page: pagination.page, PerPage: pagination.pageSize });
  const dismiss = useDismissDuplicate();
  const [toDismiss, setToDismiss] = useState<DuplicatePair | null>(null);
  const [toMerge, setToMerge] = useState<DuplicatePair | null>(null);

  const columns = useMemo<DataTableColumn<DuplicatePair>[]>(
    () => [
      {
        id: 'person1',
        header: t('duplicates.person1'),
        cell: (pair) => <PersonCell person={pair.person1} />,
        isRowHeader: true,
      },
      { id: 'person2', header: t('duplicates.person2'), cell: (pair) => <PersonCell person={pair.person2} /> },
      {
        id: 'reasons',
        header: t('duplicates.reasons'),
        cell: (pair) => pair.reasons.map((reason) => t(`duplicates.reason.${reason}`)).join(', '),
      },
      {
        id: 'actions',
        header: t('duplicates.actions'),
        cell: (pair) => {
          const names = { first: nameOf(pair.person1), second: nameOf(pair.person2) };
          return (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Button
                size="small"
                variant="outlined"
                onClick={() => setToMerge(pair)}
                aria-label={t('duplicates.compareNames', names)}
              >
                {t('duplicates.compare')}
              </Button>
              <Button
                size="small"
                color="inherit"
                onClick={() => setToDismiss(pair)}
                aria-label={t('duplicates.dismissNames', names)}
              >
                {t('duplicates.dismiss')}
              </Button>
            </Stack>
          );
        },
      },
    ],
    [t],
  );

  const confirmDismiss = () => {
    const pair = toDismiss;
    setToDismiss(null);
    if (!pair) return;
    dismiss.mutate([pair.person1.id, pair.person2.id], {
      onSuccess: () => enqueueSnackbar(t('duplicates.dismissed'), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar([t('duplicates.dismissError'), ...errorMessages(error, '')].filter(Boolean).join(': '), {
          variant: 'error',
        }),
    });
  };

  return (
    <Box component="section">
      <PageHeading titleKey="duplicates.title" />
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t('duplicates.intro')}</Typography>
      {list.data?.isTotalEstimated ? (
        // Above 10,000 pairs the server counts no further and estimates (docs/performance.md).
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('duplicates.totalEstimated', { count: list.data.total.toLocaleString(i18n.language) })}
        </Typography>
      ) : null}
      <DataTable
        label={t('duplicates.tableLabel')}
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        getRowId={pairId}
        getRowLabel={(pair) => `${nameOf(pair.person1)} / ${nameOf(pair.person2)}`}
        sorting={[]}
        onSortingChange={() => undefined}
        pagination={pagination}
        onPaginationChange={setPagination}
        isLoading={list.isFetching}
        emptyText={t('duplicates.empty')}
      />
      <ConfirmDialog
        open={toDismiss !== null}
        title={t('duplicates.dismissTitle')}
        message={
          toDismiss
            ? t('duplicates.dismissMessage', { first: nameOf(toDismiss.person1), second: nameOf(toDismiss.person2) })
            : ''
        }
        confirmLabel={t('duplicates.dismiss')}
        onConfirm={confirmDismiss}
        onCancel={() => setToDismiss(null)}
      />
      {toMerge ? (
        <MergeDialog personIds={[toMerge.person1.id, toMerge.person2.id]} onClose={() => setToMerge(null)} />
      ) : null}
    </Box>
  );
}

/** Name (a link to the person), and what tells them apart: e-mail, birthday, place, club. */
function PersonCell({ person }: { person: DuplicatePerson }) {
  const { t } = useTranslation();
  const place = [person.zip, person.city].filter(Boolean).join(' ');
  const details = [
    person.email,
    person.phone,
    person.birthday ? t('duplicates.birthday', { date: formatDateInput(person.birthday) }) : null,
    place,
    person.primaryClubName,
    person.state === 90 ? t('duplicates.archived') : null,
  ].filter(Boolean);
  return (
    <Box sx={{ minWidth: 160 }}>
      <Link component={RouterLink} to={`/persons/${person.id}`}>
        {nameOf(person)}
      </Link>
      {details.map((detail) => (
        <Typography key={detail} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      ))}
    </Box>
  );
}
