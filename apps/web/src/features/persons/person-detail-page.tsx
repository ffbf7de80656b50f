import { isoDateOf } from '@bpw/domain/date-input';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { usePerson } from './api/get-person';
import { usePersonClubs } from './api/get-person-clubs';
import { ApiError } from '../../api/api-error';
import { isRelationActiveOn } from '@bpw/domain/actor';
import { personDetailAccess } from './person-detail-access';
import { usePersonDetailActions } from './person-detail-actions';
import { PersonDetailHeader } from './person-detail-header';
import { PersonDetailMenu, type PersonDetailAction } from './person-detail-menu';
import { personDetailTabs, usePersonDetailTab, type PersonDetailTab } from './person-detail-tab';
import { PersonClubsTab } from './person-clubs-tab';
import { PersonContactTab } from './person-contact-tab';
import { PersonNotificationsTab } from './person-notifications-tab';
import { PersonProfileTab } from './person-profile-tab';
import { PersonRightsTab } from './person-rights-tab';
import { tabContrast } from '../../components/tab-contrast';
import { personDisplayName } from '../../lib/current-person';
import { useActor } from '../../lib/use-claims';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import type { PersonClubRelation } from '@bpw/domain/schemas/membership';

/** /persons/{id}: header, tabs and the menu of a person (spec 01 §2 "Person detail"). */
export function PersonDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const person = usePerson(id);
  const relations = usePersonClubs(id);

  if (person.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (person.isError) {
    const isMissing = person.error instanceof ApiError && person.error.status === 404;
    // Issue 16: a person merged into another says where she went.
    const mergedIntoId = isMissing ? (person.error as ApiError).extensions.mergedIntoId : undefined;
    if (typeof mergedIntoId === 'string') return <MergedPersonNotice survivorId={mergedIntoId} />;
    return (
      <Box component="section">
        <Alert severity={isMissing ? 'warning' : 'error'} sx={{ mb: 2 }}>
          {isMissing ? t('personDetail.notFound') : t('common.loadError')}
        </Alert>
        <Button component={RouterLink} to="/persons" variant="outlined" color="inherit">
          {t('personDetail.backToList')}
        </Button>
      </Box>
    );
  }
  return (
    <PersonDetailView person={person.data} relations={relations.data ?? []} isLoadingRelations={relations.isPending} />
  );
}

interface PersonDetailViewProps {
  person: PersonDetail;
  relations: PersonClubRelation[];
  isLoadingRelations: boolean;
}

function PersonDetailView({ person, relations, isLoadingRelations }: PersonDetailViewProps) {
  const { t } = useTranslation();
  const actor = useActor();
  const baseId = useId();
  // Relations are active by the Swiss calendar day, as the server counts them.
  const [today] = useState(() => isoDateOf(new Date(), 'Europe/Zurich'));
  const access = personDetailAccess(actor, person, relations, today);
  const available = personDetailTabs.filter((tab) => tab !== 'notifications' || access.canSeeNotifications);
  const [tab, setTab] = usePersonDetailTab(available);
  const actions = usePersonDetailActions(person, access);
  const activeRelations = relations.filter((relation) => isRelationActiveOn(relation, today));
  const name = personDisplayName(person);
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = `${name} – ${appTitle}`;
  }, [name, appTitle]);

  const onAction = (action: PersonDetailAction) => {
    // Creating shows the tab where the new item will appear.
    if (action === 'address') setTab('contact');
    if (action === 'assignment') setTab('clubs');
    actions.onAction(action);
  };

  const panels: Record<PersonDetailTab, () => ReactNode> = {
    profile: () => <PersonProfileTab person={person} access={access} activeRelations={activeRelations} />,
    contact: () => <PersonContactTab person={person} access={access} onCreate={() => onAction('address')} />,
    clubs: () => (
      <PersonClubsTab
        person={person}
        access={access}
        relations={relations}
        today={today}
        onCreate={() => onAction('assignment')}
      />
    ),
    rights: () => <PersonRightsTab personId={person.id} access={access} activeRelations={activeRelations} />,
    notifications: () => <PersonNotificationsTab personId={person.id} canEdit={access.canEditSubscriptions} />,
  };

  return (
    <Box sx={{ maxWidth: '80rem' }}>
      <PersonDetailHeader
        person={person}
        isArchived={access.isArchived}
        actions={<PersonDetailMenu access={access} onAction={onAction} />}
      />
      {actions.isBusy || isLoadingRelations ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <Tabs
        value={tab}
        onChange={(_event, next: PersonDetailTab) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('personDetail.tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, ...tabContrast }}
      >
        {available.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`personDetail.tabs.${name}`)}
            id={`${baseId}-${name}-tab`}
            aria-controls={`${baseId}-${name}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {panels[tab]()}
      </Box>
      {actions.dialogs}
    </Box>
  );
}

/** The page of a person merged into another: where she went, with a link (issue 16). */
function MergedPersonNotice({ survivorId }: { survivorId: string }) {
  const { t } = useTranslation();
  const survivor = usePerson(survivorId);
  const name = survivor.data ? personDisplayName(survivor.data) : '';
  return (
    <Box component="section">
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('personDetail.mergedInto', { name })}
      </Alert>
      <Button component={RouterLink} to={`/persons/${survivorId}`} variant="contained">
        {t('personDetail.openSurvivor', { name })}
      </Button>
    </Box>
  );
}
