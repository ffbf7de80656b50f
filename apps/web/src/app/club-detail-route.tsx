import EventIcon from '@mui/icons-material/Event';
import { canAnswerFor, canCreateEventFor, canManageClub } from '@bpw/domain/permissions';
import type { Club } from '@bpw/domain/schemas/club';
import { canManageWebhooksOf } from '@bpw/domain/schemas/webhook';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiTokensSection } from '../features/api-tokens/api-tokens-section';
import { ApplicationsPanel } from '../features/applications/applications-panel';
import { ClubDetailPage } from '../features/clubs/club-detail-page';
import type { ClubExtraMenuItem } from '../features/clubs/club-page-extensions';
import { ClubPublicationsTab } from '../features/events/publications/club-publications-tab';
import { ClubEventsTab } from '../features/events/staff/event-list-tabs';
import { LazyEventFormDialog } from '../features/events/staff/lazy-event-form-dialog';
import { WebhooksSection } from '../features/webhooks/webhooks-section';
import type { DetailTab } from '../components/tabbed-detail-page';
import { useActor } from '../lib/use-claims';

/**
 * /clubs/{id}: the club page with the parts of other features (spec 01 §2): for the club's event
 * managers (and admins) the Events tab and "add event" in the menu, whose form is bound to this
 * club; for its club and event managers (and admins) the Publications tab (spec 02 §2). Composed
 * here because features never import each other.
 */
export function ClubDetailRoute() {
  const { t } = useTranslation();
  const actor = useActor();
  const navigate = useNavigate();
  const extraTabs = (club: Club): DetailTab[] => [
    ...(canCreateEventFor(actor, club.id)
      ? [{ name: 'events', label: t('eventsStaff.club.tab'), render: () => <ClubEventsTab club={club} /> }]
      : []),
    // Spec 02 §2: the events offered to the club, answered by its club and event managers.
    ...(canAnswerFor(actor, club.id)
      ? [
          {
            name: 'publications',
            label: t('eventPublicationsStaff.club.tab'),
            render: () => <ClubPublicationsTab club={club} />,
          },
        ]
      : []),
    // Issue 25: the club's application form and its pending applications, for its managers.
    ...(canManageClub(actor, club.id)
      ? [{ name: 'applications', label: t('applications.tab'), render: () => <ApplicationsPanel clubId={club.id} /> }]
      : []),
    // Issue 26: the club's service tokens, for its database managers (and admins).
    ...(canManageClub(actor, club.id)
      ? [
          {
            name: 'api-tokens',
            label: t('apiTokens.club.tab'),
            render: () => (
              <ApiTokensSection
                ownerPath={`/club/${club.id}/api-token`}
                title={t('apiTokens.club.title')}
                intro={t('apiTokens.club.intro')}
              />
            ),
          },
        ]
      : []),
    // Issue 26: the club's webhook subscriptions, for its database managers (and admins).
    ...(canManageWebhooksOf(actor, club.id)
      ? [
          {
            name: 'webhooks',
            label: t('webhooksNav.label'),
            render: () => <WebhooksSection clubId={club.id} />,
          },
        ]
      : []),
  ];
  const extraMenuItems = (club: Club): ClubExtraMenuItem[] =>
    canCreateEventFor(actor, club.id)
      ? [
          {
            key: 'addEvent',
            label: t('eventsStaff.club.addEvent'),
            icon: <EventIcon fontSize="small" />,
            renderDialog: (onClose) => (
              <LazyEventFormDialog
                event={null}
                club={club}
                onClose={onClose}
                onCreated={(id) => void navigate(`/events/${id}`)}
              />
            ),
          },
        ]
      : [];
  return <ClubDetailPage extraTabs={extraTabs} extraMenuItems={extraMenuItems} />;
}
