import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailSection } from '../person-detail-fields';
import { formatDateTime } from '../person-detail-format';

type Entry = { id: string; at: string };

type Props<E extends Entry> = {
  title: string;
  /** The pages loaded so far (an infinite query over `{ items, total }`). */
  query: UseInfiniteQueryResult<InfiniteData<{ items: E[]; total: number }>>;
  /** What happened. */
  primary: (entry: E) => string;
  /** Who or which channel; shown after the date. */
  source: (entry: E) => string;
};

/**
 * A card of a person's dated entries (audit trail, consent log), newest first, with
 * "show more" while the server has more pages.
 */
export function PagedEntryList<E extends Entry>({ title, query, primary, source }: Props<E>) {
  const { t, i18n } = useTranslation();
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <DetailSection title={title}>
      {query.isPending ? <CircularProgress size={24} aria-label={t('personPrivacy.loading')} /> : null}
      {query.isError ? <Alert severity="error">{t('personPrivacy.loadError')}</Alert> : null}
      {query.isSuccess && entries.length === 0 ? (
        <Typography color="text.secondary">{t('personPrivacy.noEntries')}</Typography>
      ) : null}
      {entries.length > 0 ? (
        <List dense disablePadding aria-label={title}>
          {entries.map((entry) => (
            <ListItem key={entry.id} disableGutters divider>
              <ListItemText
                primary={primary(entry)}
                secondary={`${formatDateTime(entry.at, i18n.language)} · ${source(entry)}`}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {query.hasNextPage ? (
        <Button
          sx={{ mt: 1 }}
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          color="inherit"
          variant="outlined"
          size="small"
        >
          {t('personPrivacy.showMore', { shown: entries.length, total })}
        </Button>
      ) : null}
    </DetailSection>
  );
}
