import { isoDateOf } from '@bpw/domain/date-input';
import { membershipTypeEnum, typeWithLabel } from '@bpw/domain/enums/membership-type';
import { registrationStateEnum } from '@bpw/domain/enums/registration';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMyRegistrations } from './api/get-my-registrations';
import { PageHeading } from '../../../components/page-heading';
import { useAuth } from '../../../lib/auth-store';
import { personDisplayName, useCurrentPerson } from '../../../lib/current-person';
import { usePersonClubs } from '../api/get-person-clubs';
import { CalendarFeedCard } from '../calendar-feed-card';
import { relationPeriod } from '../person-detail-access';
import { DetailSection } from '../person-detail-fields';
import { enumLabel, formatDate } from '../person-detail-format';
import { OwnDataSection } from '../privacy/own-data-section';
import { PersonConsentLog } from '../privacy/person-consent-log';
import { WhoCanSeeMe } from '../privacy/who-can-see-me';

/**
 * /me (issue 25): what concerns the signed-in person on one page: her data (edited on her
 * profile, as spec 01 §6 lets her), her clubs and roles, her registrations, her calendar feed,
 * her sign-ins, who can see her, her consent log and the download of her data.
 */
export function MyPage({ extraSections }: { extraSections?: React.ReactNode } = {}) {
  const auth = useAuth();
  const personId = auth?.personId ?? '';
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeading titleKey="myPage.title" />
      {personId ? (
        <Stack spacing={3}>
          <MyDataSection personId={personId} />
          <MyClubsSection personId={personId} />
          <MyRegistrationsSection personId={personId} />
          {/* Sections of other features (issue 17: her invoices), composed in app/my-page-route.tsx. */}
          {extraSections}
          <CalendarFeedCard />
          <MySignInsSection />
          <WhoCanSeeMe personId={personId} />
          <PersonConsentLog personId={personId} />
          <OwnDataSection />
        </Stack>
      ) : null}
    </Box>
  );
}

function MyDataSection({ personId }: { personId: string }) {
  const { t } = useTranslation();
  const person = useCurrentPerson().data;
  return (
    <DetailSection title={t('myPage.data.title')}>
      <Typography variant="body1" sx={{ mb: 1 }}>
        {person ? personDisplayName(person) : null}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('myPage.data.text')}
      </Typography>
      <Button component={RouterLink} to={`/persons/${personId}`} variant="outlined" color="inherit">
        {t('myPage.data.open')}
      </Button>
    </DetailSection>
  );
}

function MyClubsSection({ personId }: { personId: string }) {
  const { t } = useTranslation();
  const clubs = usePersonClubs(personId);
  const today = isoDateOf(new Date(), 'Europe/Zurich');
  const active = (clubs.data ?? []).filter((relation) => relationPeriod(relation, today) === 'active');
  return (
    <DetailSection title={t('myPage.clubs.title')}>
      {clubs.isPending ? <CircularProgress size={24} aria-label={t('personPrivacy.loading')} /> : null}
      {clubs.isSuccess && active.length === 0 ? (
        <Typography color="text.secondary">{t('myPage.clubs.none')}</Typography>
      ) : null}
      {active.length > 0 ? (
        <List dense disablePadding aria-label={t('myPage.clubs.title')}>
          {active.map((relation) => (
            <ListItem key={relation.id} disableGutters divider>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/clubs/${relation.clubId}`}>
                    {relation.club.name}
                  </Link>
                }
                secondary={
                  relation.type === typeWithLabel && relation.membershipTypeLabel
                    ? relation.membershipTypeLabel
                    : `${enumLabel(membershipTypeEnum, relation.type, t)} · ${t('myPage.clubs.since', { date: formatDate(relation.from) })}`
                }
              />
            </ListItem>
          ))}
        </List>
      ) : null}
    </DetailSection>
  );
}

function MyRegistrationsSection({ personId }: { personId: string }) {
  const { t } = useTranslation();
  const registrations = useMyRegistrations(personId);
  const items = registrations.data?.items ?? [];
  return (
    <DetailSection title={t('myPage.registrations.title')}>
      {registrations.isPending ? <CircularProgress size={24} aria-label={t('personPrivacy.loading')} /> : null}
      {registrations.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary">{t('myPage.registrations.none')}</Typography>
      ) : null}
      {items.length > 0 ? (
        <List dense disablePadding aria-label={t('myPage.registrations.title')}>
          {items.map((registration) => (
            <ListItem key={registration.id} disableGutters divider>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/events-public/${registration.eventId}`}>
                    {registration.event.title}
                  </Link>
                }
                secondary={`${formatDate(registration.event.eventFrom.slice(0, 10))} · ${enumLabel(registrationStateEnum, registration.eventRegistrationState, t)}`}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {(registrations.data?.total ?? 0) > items.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('myPage.registrations.more', { shown: items.length, total: registrations.data?.total ?? 0 })}
        </Typography>
      ) : null}
    </DetailSection>
  );
}

function MySignInsSection() {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('myPage.signIns.title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('myPage.signIns.text')}
      </Typography>
      <Button component={RouterLink} to="/security" variant="outlined" color="inherit">
        {t('myPage.signIns.open')}
      </Button>
    </DetailSection>
  );
}
