import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailingLists, useSubscription } from './api/mailing-lists';
import { SimplePager } from './simple-pager';
import { withMailingTexts } from './with-mailing-texts';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { PageHeading } from '../../components/page-heading';

const perPage = 20;

/**
 * /mailing-lists (issue 18): the lists she may see (the open lists of her clubs and of the
 * association); she joins an open list and leaves any list she is on.
 */
export const MyMailingListsPage = withMailingTexts(function MyMailingListsPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(0);
  const lists = useMailingLists('visible', page, perPage);
  const subscription = useSubscription();
  const [errors, setErrors] = useState<string[]>([]);
  const items = lists.data?.items ?? [];
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeading titleKey="mailings.my.title" />
      <Typography sx={{ mb: 2 }}>{t('mailings.my.intro')}</Typography>
      <ErrorList errors={errors} />
      {lists.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {lists.isError ? <ErrorList errors={errorMessages(lists.error, t('common.loadError'))} /> : null}
      {lists.data && items.length === 0 ? <Typography>{t('mailings.my.none')}</Typography> : null}
      {items.length > 0 ? (
        <List aria-label={t('mailings.my.title')}>
          {items.map((list) => (
            <ListItem key={list.id} divider disableGutters sx={{ display: 'block' }}>
              <Typography sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>{list.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {list.clubName ?? t('mailings.association')} ·{' '}
                {t(list.isSubscribed ? 'mailings.my.subscribed' : 'mailings.my.notSubscribed')}
              </Typography>
              {list.description ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {list.description}
                </Typography>
              ) : null}
              {list.isSubscribed || list.isOpen ? (
                <Button
                  size="small"
                  variant={list.isSubscribed ? 'outlined' : 'contained'}
                  color={list.isSubscribed ? 'inherit' : 'primary'}
                  sx={{ mt: 1 }}
                  disabled={subscription.isPending}
                  aria-label={`${t(list.isSubscribed ? 'mailings.my.leave' : 'mailings.my.join')}: ${list.name}`}
                  onClick={() => {
                    setErrors([]);
                    subscription.mutate(
                      { id: list.id, isSubscribed: !list.isSubscribed },
                      {
                        onSuccess: () =>
                          enqueueSnackbar(
                            t(list.isSubscribed ? 'mailings.my.left' : 'mailings.my.joined', { name: list.name }),
                            { variant: 'success' },
                          ),
                        onError: (error) => setErrors(errorMessages(error, t('common.saveError'))),
                      },
                    );
                  }}
                >
                  {t(list.isSubscribed ? 'mailings.my.leave' : 'mailings.my.join')}
                </Button>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('mailings.my.closedHint')}
                </Typography>
              )}
              {list.canManage ? (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('mailings.lists.subscriberCount', { number: list.subscriberCount.toLocaleString(i18n.language) })}
                </Typography>
              ) : null}
            </ListItem>
          ))}
        </List>
      ) : null}
      <SimplePager page={page} perPage={perPage} total={lists.data?.total ?? 0} onPageChange={setPage} />
    </Box>
  );
});
