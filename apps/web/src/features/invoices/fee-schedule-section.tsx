import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeeSchedules } from './api/invoicing-api';
import type { FeeSchedule } from './api/invoice-types';
import { FeeScheduleDialog } from './fee-schedule-dialog';
import { chf } from './invoice-format';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

/** Issue 17: a club's fee per membership type and year (and the reduced fee for young members). */
export function FeeScheduleSection({ clubId }: { clubId: string }) {
  const { t, i18n } = useTranslation();
  const schedules = useFeeSchedules(clubId);
  const [editing, setEditing] = useState<FeeSchedule | 'new' | null>(null);
  const items = schedules.data?.items ?? [];
  const money = (centimes: number | null) =>
    centimes === null ? t('invoices.schedule.noYoung') : chf(centimes, i18n.language);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="fee-schedule-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', mb: 1 }}>
        <Typography id="fee-schedule-heading" variant="h6" component="h2">
          {t('invoices.schedule.title')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          {t('invoices.schedule.add')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('invoices.schedule.intro')}
      </Typography>
      {schedules.isError ? <ErrorList errors={errorMessages(schedules.error, t('common.loadError'))} /> : null}
      {schedules.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary">{t('invoices.schedule.none')}</Typography>
      ) : null}
      {items.length > 0 ? (
        <List dense disablePadding aria-label={t('invoices.schedule.title')}>
          {items.map((schedule) => (
            <ListItem key={schedule.year} divider disableGutters sx={{ display: 'block' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between' }}>
                <Typography>
                  <strong>{schedule.year}</strong>
                  {': '}
                  {t('invoices.schedule.line', {
                    single: money(schedule.singleCentimes),
                    collective: money(schedule.collectiveCentimes),
                    company: money(schedule.companyCentimes),
                    young: money(schedule.youngCentimes),
                  })}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setEditing(schedule)}
                  aria-label={t('invoices.schedule.editYear', { year: schedule.year })}
                >
                  {t('invoices.schedule.edit')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      ) : null}
      {editing ? (
        <FeeScheduleDialog
          clubId={clubId}
          schedule={editing === 'new' ? null : editing}
          takenYears={items.map((item) => item.year)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Paper>
  );
}
