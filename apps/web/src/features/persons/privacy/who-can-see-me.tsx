import type { PersonVisibility } from '@bpw/domain/schemas/person-visibility';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useVisibility } from './api/get-visibility';
import { DetailSection } from '../person-detail-fields';

type Entry = PersonVisibility['entries'][number];
type Audience = Entry['audience'];

const audienceText = (audience: Audience, t: TFunction) =>
  t(`personPrivacy.visibility.audience.${audience.kind}`, { club: audience.club?.name ?? '' });

const partsText = (parts: readonly string[], t: TFunction) =>
  parts.map((part) => t(`personPrivacy.visibility.part.${part}`)).join(', ');

/** Audiences that see exactly the same parts are one line ("Everyone signed in, members of BPW Bern …"). */
function grouped(entries: readonly Entry[]) {
  const groups: { audiences: Audience[]; parts: string[] }[] = [];
  for (const entry of entries) {
    const same = groups.find((g) => g.parts.join() === entry.parts.join());
    if (same) same.audiences.push(entry.audience);
    else groups.push({ audiences: [entry.audience], parts: [...entry.parts] });
  }
  return groups;
}

/**
 * Issue 25 "Who can see me": per audience, the parts of her data it sees, as the server computes
 * them from the permission rules every read of her data is decided by, and what her profile
 * visibility setting changes.
 */
export function WhoCanSeeMe({ personId }: { personId: string }) {
  const { t } = useTranslation();
  const visibility = useVisibility(personId);
  const data = visibility.data;
  return (
    <DetailSection title={t('personPrivacy.visibility.title')}>
      {visibility.isPending ? <CircularProgress size={24} aria-label={t('personPrivacy.loading')} /> : null}
      {visibility.isError ? <Alert severity="error">{t('personPrivacy.loadError')}</Alert> : null}
      {data ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('personPrivacy.visibility.intro')}
          </Typography>
          <List dense disablePadding aria-label={t('personPrivacy.visibility.title')}>
            {grouped(data.entries).map((group) => (
              <ListItem key={group.audiences.map((a) => `${a.kind}${a.club?.id ?? ''}`).join()} disableGutters divider>
                <ListItemText
                  primary={group.audiences.map((a) => audienceText(a, t)).join(' · ')}
                  secondary={group.parts.length > 0 ? partsText(group.parts, t) : t('personPrivacy.visibility.nothing')}
                />
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" sx={{ mt: 2 }}>
            {t(data.isProfilePublic ? 'personPrivacy.visibility.isPublic' : 'personPrivacy.visibility.isNotPublic')}{' '}
            {data.ifProfileVisibilityChanged.length === 0
              ? t('personPrivacy.visibility.settingChangesNothing')
              : data.ifProfileVisibilityChanged
                  .map((change) =>
                    t('personPrivacy.visibility.settingChanges', {
                      audience: audienceText(change.audience, t),
                      gains: partsText(change.gains, t) || '–',
                      loses: partsText(change.loses, t) || '–',
                    }),
                  )
                  .join(' ')}
          </Typography>
        </>
      ) : null}
    </DetailSection>
  );
}
