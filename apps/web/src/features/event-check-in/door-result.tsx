import { registrationStateLabelKey } from '@bpw/domain/enums/registration';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import type { DoorResult } from './use-door';

/** "18:02", with the date when it is not today. */
export function useCheckInTime() {
  const { i18n } = useTranslation();
  return (iso: string) => {
    const at = new Date(iso);
    const isToday = at.toDateString() === new Date().toDateString();
    return new Intl.DateTimeFormat(i18n.language, {
      ...(isToday ? {} : { day: '2-digit', month: '2-digit' }),
      hour: '2-digit',
      minute: '2-digit',
    }).format(at);
  };
}

const severityOf: Record<DoorResult['kind'], AlertColor> = {
  checkedIn: 'success',
  alreadyCheckedIn: 'warning',
  notConfirmed: 'error',
  refused: 'error',
  notOnList: 'error',
};

/** The answer to the last scan, large enough to read at arm's length; announced to screen readers. */
export function DoorResultPanel({ result }: { result: DoorResult | null }) {
  const { t } = useTranslation();
  const time = useCheckInTime();
  if (!result) {
    return (
      <Alert severity="info" role="status" variant="outlined">
        {t('eventCheckIn.result.waiting')}
      </Alert>
    );
  }
  const body = (() => {
    switch (result.kind) {
      case 'checkedIn':
        return {
          title: result.name,
          text: result.isQueued ? t('eventCheckIn.result.checkedInOffline') : t('eventCheckIn.result.checkedIn'),
        };
      case 'alreadyCheckedIn':
        return {
          title: result.name,
          text: result.by
            ? t('eventCheckIn.result.alreadyBy', { time: time(result.checkedInAt), name: result.by })
            : t('eventCheckIn.result.already', { time: time(result.checkedInAt) }),
        };
      case 'notConfirmed':
        return {
          title: result.name,
          text: t('eventCheckIn.result.notConfirmed', { state: t(registrationStateLabelKey(result.state as never)) }),
        };
      case 'refused':
        return { title: t('eventCheckIn.result.refused'), text: result.messages.join(' ') || t('common.loadError') };
      case 'notOnList':
        return { title: t('eventCheckIn.result.refused'), text: t('eventCheckIn.result.notOnList') };
    }
  })();
  return (
    <Alert
      severity={severityOf[result.kind]}
      variant="filled"
      role="status"
      data-testid="door-result"
      sx={{ fontSize: '1.15rem', '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle sx={{ fontSize: '1.4rem', fontWeight: 700 }}>{body.title}</AlertTitle>
      {body.text}
    </Alert>
  );
}
