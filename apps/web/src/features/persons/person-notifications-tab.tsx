import {
  clubRelatedNotificationTypes,
  notificationTypeEnum,
  registrationRelatedNotificationTypes,
} from '@bpw/domain/enums/notification';
import type { NotificationSubscription } from '@bpw/domain/schemas/notification';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateSubscription } from './api/create-notification-subscription';
import { useDeleteSubscription } from './api/delete-notification-subscription';
import { useSubscriptions } from './api/get-notification-subscriptions';
import { useUpdateSubscription } from './api/update-notification-subscription';
import { enumLabel } from './person-detail-format';
import { useClubOptions } from '../../components/club-options';
import { useAuth } from '../../lib/auth-store';
import { CalendarFeedCard } from './calendar-feed-card';

interface PersonNotificationsTabProps {
  personId: string;
  canEdit: boolean;
}

/**
 * The notification subscriptions (spec 01 §3, §7): adding a club subscribes it to each
 * club-related type (one call per type), each subscription has its two channel switches.
 */
export function PersonNotificationsTab({ personId, canEdit }: PersonNotificationsTabProps) {
  const { t } = useTranslation();
  const isOwn = useAuth()?.personId === personId;
  const { enqueueSnackbar } = useSnackbar();
  const subscriptions = useSubscriptions(personId);
  const clubs = useClubOptions();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const remove = useDeleteSubscription();
  const [clubId, setClubId] = useState('');
  const clubName = (id: string | null) => clubs.options.find((club) => club.id === id)?.name ?? '';

  if (subscriptions.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (subscriptions.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;

  const items = subscriptions.data;
  const registrationItems = items.filter((item) => item.clubId === null);
  const clubIds = [...new Set(items.flatMap((item) => (item.clubId ? [item.clubId] : [])))];
  const missingRegistrationTypes = registrationRelatedNotificationTypes.filter(
    (type) => !registrationItems.some((item) => item.notificationType === type),
  );

  const run = async (calls: Promise<unknown>[]) => {
    const results = await Promise.allSettled(calls);
    if (results.some((result) => result.status === 'rejected')) {
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
    }
  };
  const addClub = async () => {
    if (!clubId) return;
    const missing = clubRelatedNotificationTypes.filter(
      (type) => !items.some((item) => item.clubId === clubId && item.notificationType === type),
    );
    await run(missing.map((notificationType) => create.mutateAsync({ personId, body: { clubId, notificationType } })));
    setClubId('');
  };
  const addRegistrationTypes = () =>
    run(
      missingRegistrationTypes.map((notificationType) =>
        create.mutateAsync({ personId, body: { clubId: null, notificationType } }),
      ),
    );
  const setChannel = (
    item: NotificationSubscription,
    channel: 'isApplicationEnabled' | 'isEmailEnabled',
    on: boolean,
  ) =>
    update.mutate(
      {
        personId,
        id: item.id,
        body: { isApplicationEnabled: item.isApplicationEnabled, isEmailEnabled: item.isEmailEnabled, [channel]: on },
      },
      { onError: () => enqueueSnackbar(t('common.updateError'), { variant: 'error' }) },
    );
  const removeItem = (item: NotificationSubscription) =>
    remove.mutate(
      { personId, id: item.id },
      { onError: () => enqueueSnackbar(t('common.deleteError'), { variant: 'error' }) },
    );

  const row = (item: NotificationSubscription) => {
    const typeName = enumLabel(notificationTypeEnum, item.notificationType, t);
    return (
      <Box
        component="li"
        key={item.id}
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, py: 0.5 }}
      >
        <Typography sx={{ flexGrow: 1, minWidth: '12rem' }}>{typeName}</Typography>
        <FormControlLabel
          label={t('personDetail.notifications.app')}
          disabled={!canEdit}
          control={
            <Switch
              checked={item.isApplicationEnabled}
              onChange={(event) => setChannel(item, 'isApplicationEnabled', event.target.checked)}
              slotProps={{ input: { 'aria-label': t('personDetail.notifications.appFor', { type: typeName }) } }}
            />
          }
        />
        <FormControlLabel
          label={t('personDetail.notifications.email')}
          disabled={!canEdit}
          control={
            <Switch
              checked={item.isEmailEnabled}
              onChange={(event) => setChannel(item, 'isEmailEnabled', event.target.checked)}
              slotProps={{ input: { 'aria-label': t('personDetail.notifications.emailFor', { type: typeName }) } }}
            />
          }
        />
        {canEdit ? (
          <IconButton
            aria-label={t('personDetail.notifications.remove', { type: typeName })}
            onClick={() => removeItem(item)}
          >
            <Delete />
          </IconButton>
        ) : null}
      </Box>
    );
  };

  const group = (title: string, list: NotificationSubscription[]) => (
    <Card variant="outlined" component="section" key={title}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map(row)}
        </Box>
      </CardContent>
    </Card>
  );

  return (
    <Stack spacing={2}>
      {/* Issue 19: her own calendar address, only on her own page. */}
      {isOwn ? <CalendarFeedCard /> : null}
      {canEdit ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label={t('personDetail.notifications.club')}
            value={clubId}
            onChange={(event) => setClubId(event.target.value)}
            sx={{ minWidth: '16rem' }}
            size="small"
          >
            {clubs.options.map((club) => (
              <MenuItem key={club.id} value={club.id}>
                {club.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            startIcon={<Add />}
            variant="outlined"
            color="inherit"
            disabled={!clubId || create.isPending}
            onClick={() => void addClub()}
          >
            {t('personDetail.notifications.addClub')}
          </Button>
          {missingRegistrationTypes.length > 0 ? (
            <Button color="inherit" disabled={create.isPending} onClick={() => void addRegistrationTypes()}>
              {t('personDetail.notifications.addRegistration')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {items.length === 0 ? <Typography>{t('personDetail.notifications.none')}</Typography> : null}
      {registrationItems.length > 0 ? group(t('personDetail.notifications.registrations'), registrationItems) : null}
      {clubIds.map((id) =>
        group(
          clubName(id) || t('personDetail.notifications.club'),
          items.filter((item) => item.clubId === id),
        ),
      )}
    </Stack>
  );
}
