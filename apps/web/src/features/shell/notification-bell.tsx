import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

/** The bell with the unread count (success colour at 0, spec 01 §4); the notifications issue fills it. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = 0;
  return (
    <IconButton color="inherit" aria-label={t('notifications.bell', { count: unread })}>
      <Badge badgeContent={unread} color={unread > 0 ? 'error' : 'success'} showZero>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
