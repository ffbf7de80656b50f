import { useTranslation } from 'react-i18next';
import { useFeeSchedules } from './api/invoicing-api';
import { FeeScheduleDialog } from './fee-schedule-dialog';
import { chf } from './invoice-format';
import { YearlyAmountsSection } from './yearly-amounts-section';

/** Issue 17: a club's fee per membership type and year (and the reduced fee for young members). */
export function FeeScheduleSection({ clubId }: { clubId: string }) {
  const { t, i18n } = useTranslation();
  const money = (centimes: number | null) =>
    centimes === null ? t('invoices.schedule.noYoung') : chf(centimes, i18n.language);
  return (
    <YearlyAmountsSection
      id="fee-schedule"
      texts="invoices.schedule"
      query={useFeeSchedules(clubId)}
      lineOf={(schedule) =>
        t('invoices.schedule.line', {
          single: money(schedule.singleCentimes),
          collective: money(schedule.collectiveCentimes),
          company: money(schedule.companyCentimes),
          young: money(schedule.youngCentimes),
        })
      }
      editor={(schedule, takenYears, onClose) => (
        <FeeScheduleDialog clubId={clubId} schedule={schedule} takenYears={takenYears} onClose={onClose} />
      )}
    />
  );
}
