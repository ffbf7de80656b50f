import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuditTrail } from './api/get-audit-trail';
import { auditActorText, auditEntryText } from './audit-entry-text';
import { DetailSection } from '../person-detail-fields';
import { formatDateTime } from '../person-detail-format';

/**
 * Issue 9 (revFADP), on the person's system info, for admins: who created, changed, archived or
 * exported her, and when, newest first, ten at a time.
 */
export function PersonAuditTrail({ personId }: { personId: string }) {
  const { t, i18n } = useTranslation();
  const trail = useAuditTrail(personId);
  const entries = trail.data?.pages.flatMap((page) => page.items) ?? [];
  const total = trail.data?.pages[0]?.total ?? 0;
  return (
    <DetailSection title={t('personPrivacy.trailTitle')}>
      {trail.isPending ? <CircularProgress size={24} aria-label={t('personPrivacy.loading')} /> : null}
      {trail.isError ? <Alert severity="error">{t('personPrivacy.loadError')}</Alert> : null}
      {trail.isSuccess && entries.length === 0 ? (
        <Typography color="text.secondary">{t('personPrivacy.noEntries')}</Typography>
      ) : null}
      {entries.length > 0 ? (
        <List dense disablePadding aria-label={t('personPrivacy.trailTitle')}>
          {entries.map((entry) => (
            <ListItem key={entry.id} disableGutters divider>
              <ListItemText
                primary={auditEntryText(entry, t)}
                secondary={`${formatDateTime(entry.at, i18n.language)} · ${auditActorText(entry, t)}`}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {trail.hasNextPage ? (
        <Button
          sx={{ mt: 1 }}
          onClick={() => void trail.fetchNextPage()}
          disabled={trail.isFetchingNextPage}
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
