import EventIcon from '@mui/icons-material/Event';
import { canAnswerFor, canCreateEventFor, canManageClub } from '@bpw/domain/permissions';
import type { Club } from '@bpw/domain/schemas/club';
import { canManageWebhooksOf } from '@bpw/domain/schemas/webhook';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiTokensSection } from '../features/api-tokens/api-tokens-section';
import { ApplicationsPanel } from '../features/applications/applications-panel';
import { ClubDetailPage } from '../features/clubs/club-detail-page';
import type { ClubExtraMenuItem } from '../features/clubs/club-page-extensions';
import { ClubPublicationsTab } from '../features/events/publications/club-publications-tab';
import { ClubEventsTab } from '../features/events/staff/event-list-tabs';
import { useCanManageInvoicesOf } from '../features/invoices/api/invoicing-api';
import { LazyEventFormDialog } from '../features/events/staff/lazy-event-form-dialog';
import { WebhooksSection } from '../features/webhooks/webhooks-section';
import type { DetailTab } from '../components/tabbed-detail-page';
import { useActor } from '../lib/use-claims';

// Issue 17: the Finance tab's code and texts load when it is first shown.
const ClubFinanceTab = lazy(() => import('../features/invoices/club-finance-tab'));
// Issue 25: the club's pending leave requests, with their own code and texts.
const ClubLeaveRequestsPanel = lazy(() => import('../features/privacy-requests/club-leave-requests-panel'));

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
  const { id = '' } = useParams();
  // Issue 17: the finance responsible is not in the token's claims; GET invoice-clubs tells.
  const invoices = useCanManageInvoicesOf(id);
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
    // Issue 25: the members' requests to leave the club, for its managers.
    ...(canManageClub(actor, club.id)
      ? [
          {
            name: 'leave-requests',
            label: t('privacyRequestsNav.clubTab'),
            render: () => (
              <Suspense fallback={null}>
                <ClubLeaveRequestsPanel clubId={club.id} />
              </Suspense>
            ),
          },
        ]
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
    // Issue 17: invoicing, for the club's finance responsible, database managers and admins.
    ...(invoices.isAllowed
      ? [
          {
            name: 'finance',
            label: t('invoicesNav.tab'),
            render: () => (
              <Suspense fallback={null}>
                <ClubFinanceTab clubId={club.id} />
              </Suspense>
            ),
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
