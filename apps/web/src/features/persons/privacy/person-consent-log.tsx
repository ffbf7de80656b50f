import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConsentLog } from './api/get-consent-log';
import { consentEntryText, consentSourceText } from './consent-entry-text';
import { DetailSection } from '../person-detail-fields';
import { formatDateTime } from '../person-detail-format';

/**
 * Issue 25: every change of her advertising consent, profile visibility and acceptance of the
 * terms, with date, channel and who made it; for her, her managers and admins.
 */
export function PersonConsentLog({ personId }: { personId: string }) {
  const { t, i18n } = useTranslation();
  const log = useConsentLog(personId);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const total = log.data?.pages[0]?.total ?? 0;
  return (
    <DetailSection title={t('personPrivacy.consent.title')}>
      {log.isPending ? <CircularProgress size={24} aria-label={t('personPrivacy.loading')} /> : null}
      {log.isError ? <Alert severity="error">{t('personPrivacy.loadError')}</Alert> : null}
      {log.isSuccess && entries.length === 0 ? (
        <Typography color="text.secondary">{t('personPrivacy.noEntries')}</Typography>
      ) : null}
      {entries.length > 0 ? (
        <List dense disablePadding aria-label={t('personPrivacy.consent.title')}>
          {entries.map((entry) => (
            <ListItem key={entry.id} disableGutters divider>
              <ListItemText
                primary={consentEntryText(entry, t)}
                secondary={`${formatDateTime(entry.at, i18n.language)} · ${consentSourceText(entry, t)}`}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {log.hasNextPage ? (
        <Button
          sx={{ mt: 1 }}
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
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
