import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { canManageEvent } from '@bpw/domain/permissions';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { useSnackbar } from 'notistack';
import { Fragment, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useDeleteEvent } from './api/delete-event';
import { useEvent } from './api/get-event';
import { EventMenu, type EventPageAction } from './event-menu';
import { type EventMenuAction, eventMenuActions, eventPageTabs } from './event-page-extensions';
import { EventPreviewDialog } from './event-preview-dialog';
import { EventStateDialog } from './event-state-dialog';
import { LazyEventFormDialog } from './lazy-event-form-dialog';
import { EventStateChip } from '../shared/event-state-chip';
import { formatEventRange } from '../shared/format-event-date';
import { ApiError, errorMessages } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { tabContrast } from '../../../components/tab-contrast';
import { useActor } from '../../../lib/use-claims';
import { useSessionTab } from '../../../lib/use-session-tab';

/**
 * /events/{id}: the internal event page (spec 02 §2 "Internal event detail"). `extraMenuActions`:
 * menu actions of other features (the event invoice run, issue 17), composed by the route in
 * app/ because features never import each other.
 */
export function EventPage({ extraMenuActions = [] }: { extraMenuActions?: readonly EventMenuAction[] } = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const event = useEvent(id);
  if (event.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (event.isError) {
    const isMissing = event.error instanceof ApiError && event.error.status === 404;
    return (
      <Box component="section">
        <Alert severity={isMissing ? 'warning' : 'error'} sx={{ mb: 2 }}>
          {t(isMissing ? 'eventsStaff.page.notFound' : 'common.loadError')}
        </Alert>
        <Button component={RouterLink} to="/events" variant="outlined" color="inherit">
          {t('eventsStaff.page.backToList')}
        </Button>
      </Box>
    );
  }
  return <EventPageView event={event.data} extraMenuActions={extraMenuActions} />;
}

function EventPageView({
  event,
  extraMenuActions,
}: {
  event: EventDetail;
  extraMenuActions: readonly EventMenuAction[];
}) {
  const { t, i18n } = useTranslation();
  const actor = useActor();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const baseId = useId();
  const deleteEvent = useDeleteEvent();
  // The server's answer decides; the token's claims only stand in for an older API.
  const canManage = event.canManage ?? canManageEvent(actor, event);
  const tabs = eventPageTabs.filter((tab) => canManage || !tab.isForManagersOnly);
  const [tab, setTab] = useSessionTab(
    tabs.map((item) => item.name),
    'event',
  );
  const [action, setAction] = useState<EventPageAction | null>(null);
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = `${event.title} – ${appTitle}`;
  }, [event.title, appTitle]);

  const close = () => setAction(null);
  const confirmDelete = async () => {
    close();
    try {
      await deleteEvent.mutateAsync(event.id);
      enqueueSnackbar(t('eventsStaff.page.deleted', { title: event.title }), { variant: 'success' });
      void navigate('/events', { replace: true });
    } catch (error) {
      enqueueSnackbar([t('common.deleteError'), ...errorMessages(error, '')].join(' ').trim(), { variant: 'error' });
    }
  };
  const activeTab = tabs.find((item) => item.name === tab) ?? tabs[0];

  return (
    <Box sx={{ maxWidth: '90rem' }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <EventStateChip state={event.eventState} />
            <Chip
              size="small"
              variant="outlined"
              label={event.responsibleClub.name}
              component={RouterLink}
              to={`/clubs/${event.responsibleClub.id}`}
              clickable
            />
            <Typography variant="body2" color="text.secondary">
              {formatEventRange(event.eventFrom, event.eventTo, i18n.language)}
            </Typography>
          </Stack>
        </Box>
        <EventMenu event={event} canManage={canManage} onAction={setAction} extraActions={extraMenuActions} />
      </Stack>
      {canManage ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('eventsStaff.page.readOnly')}
        </Alert>
      )}
      {deleteEvent.isPending ? <CircularProgress size={24} aria-label={t('app.loading')} /> : null}
      <Tabs
        value={activeTab?.name ?? false}
        onChange={(_changeEvent, next: string) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('eventsStaff.tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, ...tabContrast }}
      >
        {tabs.map((item) => (
          <Tab
            key={item.name}
            value={item.name}
            label={t(item.labelKey)}
            id={`${baseId}-${item.name}-tab`}
            aria-controls={`${baseId}-${item.name}-panel`}
          />
        ))}
      </Tabs>
      {activeTab ? (
        <Box
          role="tabpanel"
          id={`${baseId}-${activeTab.name}-panel`}
          aria-labelledby={`${baseId}-${activeTab.name}-tab`}
        >
          {activeTab.render(event, canManage)}
        </Box>
      ) : null}
      {action === 'preview' ? <EventPreviewDialog event={event} onClose={close} /> : null}
      {action === 'edit' ? <LazyEventFormDialog event={event} club={null} onClose={close} /> : null}
      {action === 'state' ? <EventStateDialog event={event} onClose={close} /> : null}
      <ConfirmDialog
        open={action === 'delete'}
        title={t('eventsStaff.page.confirmDeleteTitle')}
        message={t('eventsStaff.page.confirmDeleteMessage', { title: event.title })}
        confirmLabel={t('eventsStaff.menu.delete')}
        onConfirm={() => void confirmDelete()}
        onCancel={close}
      />
      {[...eventMenuActions, ...extraMenuActions].map((item) => (
        <Fragment key={item.key}>
          {action === `extension:${item.key}`
            ? item.render({ event, onClose: close, showTab: (name) => setTab(name) })
            : null}
        </Fragment>
      ))}
    </Box>
  );
}
