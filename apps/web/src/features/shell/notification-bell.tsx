import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, useNotifications } from './notifications/api/get-notifications';
import { fallbackPage } from './notifications/notification-pages';
import { useNotificationStream } from './notifications/use-notification-stream';
import { useAuth } from '../../lib/auth-store';

// The dialog's code (MUI's Dialog, tooltips, pager; about 15 KB gzip) loads on first use, not with
// the shell (issue 8); pointing at or focusing the bell starts it early.
const loadDialog = () => import('./notifications/notification-dialog');
const NotificationDialog = lazy(() => loadDialog().then((module) => ({ default: module.NotificationDialog })));

/** Seen by screen readers only. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The bell with the unread count (spec 01 §2, §4): info while loading, error with unread
 * notifications, success at 0. The list loads once a user id is present, reloads every 5 minutes
 * and on each live notification (Server-Sent Events); logout clears it (the session's query cache).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const personId = useAuth()?.personId ?? null;
  const [isOpen, setIsOpen] = useState(false);
  // Once opened it stays mounted, so it can play its closing transition.
  const [hasOpened, setHasOpened] = useState(false);
  const [page, setPage] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const { data, isFetching, refetch } = useNotifications(personId, page, DEFAULT_PAGE_SIZE);
  useNotificationStream(personId, (notification) =>
    setAnnouncement(t('notificationCenter.arrived', { title: notification.title })),
  );

  // Spec 01 §4: a page past the last one (its last notification was read) falls back by one.
  if (data) {
    const fallback = fallbackPage(page, data.total, DEFAULT_PAGE_SIZE);
    if (fallback !== page) setPage(fallback);
  }

  const unread = data?.total ?? 0;
  const color = isFetching || !data ? 'info' : unread > 0 ? 'error' : 'success';
  const label = data ? t('notifications.bell', { count: unread }) : t('notificationCenter.loading');
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => {
          setIsOpen(true);
          setHasOpened(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        data-state={color}
      >
        <Badge
          badgeContent={unread}
          color={color}
          showZero
          max={99}
          // The dark shades keep white digits readable (WCAG AA) on every state colour.
          sx={{ '& .MuiBadge-badge': { bgcolor: `${color}.dark`, color: '#fff' } }}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {personId && hasOpened ? (
        <Suspense fallback={null}>
          <NotificationDialog
            open={isOpen}
            onClose={() => setIsOpen(false)}
            personId={personId}
            list={data}
            isFetching={isFetching}
            page={page}
            perPage={DEFAULT_PAGE_SIZE}
            onPageChange={setPage}
            onReload={() => void refetch()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
