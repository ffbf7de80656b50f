import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Notification, NotificationList } from '@bpw/domain/schemas/notification';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { useMarkNotificationRead } from './api/mark-notification-read';
import { NotificationItem } from './notification-item';
import { pageCount } from './notification-pages';
import { NotificationPager } from './notification-pager';
import { ConfirmDialog } from '../../../components/confirm-dialog';

interface NotificationDialogProps {
  open: boolean;
  onClose: () => void;
  personId: string;
  list: NotificationList | undefined;
  isFetching: boolean;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onReload: () => void;
}

/** Spec 01 §2 "Notification dialog": the paged unread list, mark read, mark all, reload. */
export function NotificationDialog(props: NotificationDialogProps) {
  const { open, onClose, personId, list, isFetching, page, perPage, onPageChange, onReload } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const total = list?.total ?? 0;
  const items = list?.items ?? [];

  const onMarkRead = (notification: Notification) => {
    markRead.mutate(notification.id, {
      // Spec 01 §8: logged and rejected; the user gets a hint, the list stays as it is.
      onError: (error) => {
        console.error('notification: mark as read failed', error);
        enqueueSnackbar(t('notificationCenter.markReadFailed'), { variant: 'error' });
      },
    });
  };
  const confirmMarkAll = () => {
    setIsConfirmOpen(false);
    // Spec 01 §8: a failure is swallowed.
    markAll.mutate(personId, { onError: () => undefined });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={isPhone}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('notificationCenter.title')}
      </DialogTitle>
      <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ p: 0 }}>
        <Stack
          direction="row"
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1, justifyContent: 'space-between' }}
        >
          <Typography variant="body2" aria-live="polite">
            {t('notificationCenter.unreadTotal', { number: total })}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button size="small" color="inherit" startIcon={<RefreshIcon />} onClick={onReload} disabled={isFetching}>
              {t('notificationCenter.reload')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<DoneAllIcon />}
              onClick={() => setIsConfirmOpen(true)}
              disabled={total === 0 || markAll.isPending}
            >
              {t('notificationCenter.markAll')}
            </Button>
          </Stack>
        </Stack>
        {isFetching ? <LinearProgress aria-label={t('notificationCenter.loading')} /> : <Box sx={{ height: 4 }} />}
        {items.length === 0 && !isFetching ? (
          <Typography sx={{ px: 2, py: 4, textAlign: 'center' }} color="text.secondary">
            {t('notificationCenter.empty')}
          </Typography>
        ) : (
          <List aria-label={t('notificationCenter.list')} disablePadding>
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onMarkRead={onMarkRead}
                onOpened={onClose}
                isBusy={markRead.isPending && markRead.variables === notification.id}
              />
            ))}
          </List>
        )}
        <NotificationPager page={page} count={pageCount(total, perPage)} onChange={onPageChange} />
      </DialogContent>
      <ConfirmDialog
        open={isConfirmOpen}
        title={t('notificationCenter.confirmMarkAllTitle')}
        message={t('notificationCenter.confirmMarkAllMessage', { number: total })}
        confirmLabel={t('notificationCenter.markAll')}
        onConfirm={confirmMarkAll}
        onCancel={() => setIsConfirmOpen(false)}
      />
    </Dialog>
  );
}
