import type { MailingList } from '@bpw/domain/schemas/mailing';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDeleteMailingList, useMailingLists } from './api/mailing-lists';
import { MailingListFormDialog } from './mailing-list-form-dialog';
import { SimplePager } from './simple-pager';
import { SubscribersDialog } from './subscribers-dialog';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorList } from '../../components/error-list';

const perPage = 20;
type Dialog = { kind: 'form'; list: MailingList | null } | { kind: 'subscribers' | 'delete'; list: MailingList } | null;

/** A club's (or the association's) mailing lists for their managers: create, change, subscribers, delete, write. */
export function MailingListsSection({ clubId }: { clubId: string | null }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const lists = useMailingLists(clubId ? { clubId } : { association: true }, page, perPage);
  const remove = useDeleteMailingList();
  const items = lists.data?.items ?? [];
  return (
    <Box component="section" aria-labelledby="mailing-lists-heading">
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id="mailing-lists-heading" sx={{ flexGrow: 1 }}>
          {t('mailings.lists.title')}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'form', list: null })}>
          {t('mailings.lists.new')}
        </Button>
      </Stack>
      <ErrorList errors={errors} />
      {lists.isError ? <ErrorList errors={errorMessages(lists.error, t('common.loadError'))} /> : null}
      {lists.data && items.length === 0 ? <Typography>{t('mailings.lists.none')}</Typography> : null}
      {items.length > 0 ? (
        <List aria-labelledby="mailing-lists-heading">
          {items.map((list) => (
            <ListItem key={list.id} divider disableGutters sx={{ display: 'block' }}>
              <Typography sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>{list.name}</Typography>
              {list.description ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {list.description}
                </Typography>
              ) : null}
              <Typography variant="body2" color="text.secondary">
                {t(list.isOpen ? 'mailings.lists.open' : 'mailings.lists.closed')} ·{' '}
                {t('mailings.lists.subscriberCount', { number: list.subscriberCount.toLocaleString(i18n.language) })}
              </Typography>
              <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                <Button size="small" component={RouterLink} to={`/mailings/new?kind=list&listId=${list.id}`}>
                  {t('mailings.lists.write')}
                </Button>
                <Button
                  size="small"
                  onClick={() => setDialog({ kind: 'subscribers', list })}
                  aria-label={`${t('mailings.lists.subscribers')}: ${list.name}`}
                >
                  {t('mailings.lists.subscribers')}
                </Button>
                <Button
                  size="small"
                  onClick={() => setDialog({ kind: 'form', list })}
                  aria-label={`${t('mailings.lists.edit')}: ${list.name}`}
                >
                  {t('mailings.lists.edit')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDialog({ kind: 'delete', list })}
                  aria-label={`${t('mailings.lists.delete')}: ${list.name}`}
                >
                  {t('mailings.lists.delete')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      ) : null}
      <SimplePager page={page} perPage={perPage} total={lists.data?.total ?? 0} onPageChange={setPage} />
      {dialog?.kind === 'form' ? (
        <MailingListFormDialog clubId={clubId} list={dialog.list} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'subscribers' ? <SubscribersDialog list={dialog.list} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('mailings.lists.deleteTitle')}
        message={t('mailings.lists.deleteText', { name: dialog?.list?.name ?? '' })}
        confirmLabel={t('mailings.lists.delete')}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          const list = dialog?.list;
          setDialog(null);
          if (!list) return;
          setErrors([]);
          remove.mutate(list.id, {
            onSuccess: () => enqueueSnackbar(t('mailings.lists.deleted'), { variant: 'success' }),
            onError: (error) => setErrors(errorMessages(error, t('common.deleteError'))),
          });
        }}
      />
    </Box>
  );
}
