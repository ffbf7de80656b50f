import { canComposeMailings, canManageMailingListsOf } from '@bpw/domain/schemas/mailing';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMailings, type MailingListItem } from './api/mailings';
import { MailingListsSection } from './mailing-lists-section';
import { withMailingTexts } from './with-mailing-texts';
import { useClubOptions } from '../../components/club-options';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

const ASSOCIATION = 'association';

/**
 * /mailings (issue 18): the archive of a club's mailings (the association's for admins), newest
 * first and paged on the server, "new mailing", and the club's mailing lists for its managers.
 */
export const MailingsPage = withMailingTexts(function MailingsPage() {
  const { t } = useTranslation();
  const actor = useActor();
  const [params, setParams] = useSearchParams();
  const ownClubIds = useMemo(
    () => (actor.isAdmin ? null : [...new Set([...actor.clubManagerOf, ...actor.eventManagerOf])]),
    [actor],
  );
  const clubs = useClubOptions({ limitTo: ownClubIds });
  const requested = params.get('club');
  const clubId =
    requested === ASSOCIATION && actor.isAdmin
      ? null
      : (clubs.options.find((club) => club.id === requested)?.id ??
        clubs.options[0]?.id ??
        (actor.isAdmin ? null : ''));
  if (!canComposeMailings(actor)) {
    return (
      <>
        <PageHeading titleKey="mailings.title" />
        <Alert severity="warning">{t('mailings.compose.notAllowed')}</Alert>
      </>
    );
  }
  const canWriteToClub = actor.isAdmin || (clubId !== null && actor.clubManagerOf.includes(clubId ?? ''));
  const newHref =
    canWriteToClub && clubId
      ? `/mailings/new?kind=club&clubId=${clubId}`
      : canWriteToClub
        ? '/mailings/new'
        : '/mailings/new?kind=event';
  return (
    <>
      <PageHeading
        titleKey="mailings.title"
        action={
          <Button component={RouterLink} to={newHref} variant="contained" startIcon={<AddIcon />} sx={{ mb: 2 }}>
            {t('mailings.list.new')}
          </Button>
        }
      />
      <TextField
        select
        label={t('mailings.list.club')}
        value={clubId === null ? ASSOCIATION : clubId}
        onChange={(event) => setParams({ club: event.target.value }, { replace: true })}
        sx={{ minWidth: 240, maxWidth: '100%', mb: 2 }}
      >
        {actor.isAdmin ? <MenuItem value={ASSOCIATION}>{t('mailings.association')}</MenuItem> : null}
        {clubs.options.map((club) => (
          <MenuItem key={club.id} value={club.id}>
            {club.name}
          </MenuItem>
        ))}
      </TextField>
      {clubId === '' ? null : (
        <Stack spacing={4}>
          <MailingArchive key={clubId ?? ASSOCIATION} clubId={clubId} />
          {canManageMailingListsOf(actor, clubId) ? (
            <MailingListsSection key={`lists-${clubId ?? ASSOCIATION}`} clubId={clubId} />
          ) : null}
        </Stack>
      )}
    </>
  );
});

function MailingArchive({ clubId }: { clubId: string | null }) {
  const { t, i18n } = useTranslation();
  const [pagination, setPagination] = useState({ page: 0, pageSize: 20 });
  const mailings = useMailings(clubId, pagination.page, pagination.pageSize);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo((): DataTableColumn<MailingListItem>[] => {
    const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
    const number = (value: number) => value.toLocaleString(i18n.language);
    const audience = (row: MailingListItem) =>
      `${t(`mailings.audience.kinds.${row.audienceKind}`)}: ${row.audienceLabel}`;
    // On a phone one column that wraps: the table never scrolls sideways.
    if (isPhone) {
      return [
        {
          id: 'subject',
          header: t('mailings.list.subject'),
          cell: (row) => (
            <Box sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {row.subject || '–'}
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t(`mailings.states.${row.state}`)} · {audience(row)} · {date(row.sendRequestedAt ?? row.createdAt)}
              </Typography>
            </Box>
          ),
        },
      ];
    }
    return [
      { id: 'subject', header: t('mailings.list.subject'), cell: (row) => row.subject || '–' },
      {
        id: 'audience',
        header: t('mailings.list.audience'),
        cell: audience,
      },
      {
        id: 'state',
        header: t('mailings.list.state'),
        cell: (row) => (
          <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            <Chip
              size="small"
              label={t(`mailings.states.${row.state}`)}
              color={row.state === 'sent' ? 'success' : 'default'}
            />
            {row.isAdvertising ? <Chip size="small" variant="outlined" label={t('mailings.list.advertising')} /> : null}
          </Stack>
        ),
      },
      {
        id: 'recipients',
        header: t('mailings.list.recipients'),
        cell: (row) =>
          row.recipientTotal === null
            ? '–'
            : t('mailings.list.sentOf', { sent: number(row.counts.sent), total: number(row.recipientTotal) }),
      },
      { id: 'date', header: t('mailings.list.date'), cell: (row) => date(row.sendRequestedAt ?? row.createdAt) },
    ];
  }, [t, i18n.language, isPhone]);
  return (
    <Box component="section" aria-labelledby="mailing-archive">
      <Typography variant="h6" component="h2" id="mailing-archive" sx={{ mb: 1 }}>
        {t('mailings.list.title')}
      </Typography>
      <DataTable
        label={t('mailings.list.title')}
        columns={columns}
        rows={mailings.data?.items ?? []}
        total={mailings.data?.total ?? 0}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.subject || row.id}
        getRowHref={(row) => `/mailings/${row.id}`}
        sorting={[]}
        onSortingChange={() => {}}
        pagination={pagination}
        onPaginationChange={setPagination}
        isLoading={mailings.isFetching}
        emptyText={t('mailings.list.none')}
      />
    </Box>
  );
}
