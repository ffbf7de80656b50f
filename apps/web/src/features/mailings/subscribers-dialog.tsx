import type { MailingList } from '@bpw/domain/schemas/mailing';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveSubscriber, useSubscribers } from './api/mailing-lists';
import { SimplePager } from './simple-pager';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { useDebouncedText } from '../../components/data-table/use-debounced-text';

const perPage = 20;

/** A list's subscribers, by last name, searchable and paged on the server; a manager removes one. */
export function SubscribersDialog({ list, onClose }: { list: MailingList; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const search = useDebouncedText(name, (next) => {
    setName(next);
    setPage(0);
  });
  const subscribers = useSubscribers(list.id, name, page, perPage);
  const remove = useRemoveSubscriber();
  const [errors, setErrors] = useState<string[]>([]);
  const items = subscribers.data?.items ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={isPhone}>
      <DialogTitle id={titleId}>
        {t('mailings.lists.subscribers')}: {list.name}
      </DialogTitle>
      <DialogContent dividers>
        <TextField
          label={t('mailings.lists.search')}
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          fullWidth
          size="small"
          sx={{ mb: 1 }}
        />
        <ErrorList errors={errors} />
        {subscribers.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {subscribers.isError ? <ErrorList errors={errorMessages(subscribers.error, t('common.loadError'))} /> : null}
        {subscribers.data && items.length === 0 ? <Typography>{t('mailings.lists.noSubscribers')}</Typography> : null}
        {items.length > 0 ? (
          <List aria-label={t('mailings.lists.subscribers')}>
            {items.map((person) => {
              const fullName = [person.firstname, person.lastname].filter(Boolean).join(' ');
              return (
                <ListItem
                  key={person.personId}
                  divider
                  disableGutters
                  secondaryAction={
                    <Button
                      size="small"
                      color="error"
                      disabled={remove.isPending}
                      aria-label={`${t('mailings.lists.remove')}: ${fullName}`}
                      onClick={() => {
                        setErrors([]);
                        remove.mutate(
                          { id: list.id, personId: person.personId },
                          { onError: (error) => setErrors(errorMessages(error, t('common.deleteError'))) },
                        );
                      }}
                    >
                      {t('mailings.lists.remove')}
                    </Button>
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemText
                    primary={fullName}
                    secondary={person.email ?? t('mailings.lists.noEmail')}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              );
            })}
          </List>
        ) : null}
        <SimplePager page={page} perPage={perPage} total={subscribers.data?.total ?? 0} onPageChange={setPage} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
