import DoneIcon from '@mui/icons-material/Done';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { notificationTypeEnum, type NotificationType } from '@bpw/domain/enums/notification';
import type { Notification } from '@bpw/domain/schemas/notification';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { SafeHtml } from '../../../components/safe-html';

interface NotificationItemProps {
  notification: Notification;
  onMarkRead: (notification: Notification) => void;
  /** The notification's event page was opened. */
  onOpened: () => void;
  isBusy: boolean;
}

export const eventPathOf = (notification: Pick<Notification, 'eventId'>) =>
  notification.eventId ? `/events-public/${notification.eventId}` : null;

/**
 * One notification (spec 01 §2 "Notification dialog"): type, date-time, title, the server's HTML
 * (whitelisted by SafeHtml) and a mark-as-read button. With an eventId the title opens the public
 * event page, unless the user is already there.
 */
export function NotificationItem({ notification, onMarkRead, onOpened, isBusy }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const eventPath = eventPathOf(notification);
  const createdAt = new Date(notification.createdAt);
  const markLabel = t('notificationCenter.markRead', { title: notification.title });
  return (
    <ListItem
      divider
      alignItems="flex-start"
      sx={{ pr: 7, flexDirection: 'column' }}
      secondaryAction={
        <Tooltip title={markLabel}>
          <span>
            <IconButton edge="end" aria-label={markLabel} onClick={() => onMarkRead(notification)} disabled={isBusy}>
              <DoneIcon />
            </IconButton>
          </span>
        </Tooltip>
      }
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Chip
          size="small"
          label={t(notificationTypeEnum.labelKey(notification.notificationType as NotificationType))}
        />
        <Typography variant="caption" color="text.secondary" component="time" dateTime={notification.createdAt}>
          {Number.isNaN(createdAt.getTime())
            ? notification.createdAt
            : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(createdAt)}
        </Typography>
      </Stack>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {eventPath ? (
          <Link
            component={RouterLink}
            to={eventPath}
            underline="always"
            onClick={(event) => {
              // Already on the event's page: nothing to open (spec 01 §2).
              if (pathname === eventPath) event.preventDefault();
              onOpened();
            }}
          >
            {notification.title}
          </Link>
        ) : (
          notification.title
        )}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere', width: '100%' }}>
        <SafeHtml html={notification.content} />
      </Box>
    </ListItem>
  );
}
