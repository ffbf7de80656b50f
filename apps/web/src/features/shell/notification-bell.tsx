import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, useNotifications } from './notifications/api/get-notifications';
import { NotificationDialog } from './notifications/notification-dialog';
import { fallbackPage } from './notifications/notification-pages';
import { useNotificationStream } from './notifications/use-notification-stream';
import { useAuth } from '../../lib/auth-store';

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
        onClick={() => setIsOpen(true)}
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
      {personId ? (
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
      ) : null}
    </>
  );
}
