import { NotificationType } from '@bpw/domain/enums/notification';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { claimRun } from '../../platform/scheduler/scheduler-runs';
import { findSubscriberIdsByClub, withNotifications } from '../notifications/notify.service';
import {
  findConfirmedPublicationClubIds,
  findDueDeadlineReminders,
  findRegisteredPersonIds,
} from './event-reminders.queries';
import { publicEventLink, reminderDate } from './reminder-mail';

export const registrationDeadlineReminderJobName = 'event-registration-deadline-reminder';
/** How long before the registration deadline subscribers are reminded (ours, as for booked events). */
export const REGISTRATION_DEADLINE_REMINDER_DAYS = 3;
const BATCH = 100;
const DAY_MS = 86_400_000;

type Deps = Pick<FeatureDeps, 'db' | 'outbox' | 'realtime' | 'config'>;

/**
 * EventRegistrationDeadlineReminder (spec 02 §3): when the registration deadline of an event open
 * for registration is at most 3 days away, the EventRegistrationDeadlineReminder subscribers of
 * its club, and of the clubs that accepted it as a publication, hear of it once. Persons already
 * registered are left out; a person subscribed in several of these clubs hears it once.
 */
export function createRegistrationDeadlineReminderJob(deps: Deps): ScheduledJob {
  const type = NotificationType.EventRegistrationDeadlineReminder;
  return {
    name: registrationDeadlineReminderJobName,
    schedule: '*/10 * * * *',
    run: async ({ now, signal }) => {
      const due = await findDueDeadlineReminders(deps.db, {
        job: registrationDeadlineReminderJobName,
        now,
        until: new Date(now.getTime() + REGISTRATION_DEADLINE_REMINDER_DAYS * DAY_MS),
        limit: BATCH,
      });
      const report = { events: 0, notifications: 0, mails: 0 };
      for (const event of due) {
        if (signal.aborted) break;
        const params = {
          event: event.eventTitle,
          club: event.responsibleClubName,
          date: reminderDate(event.registrationTo!),
        };
        const link = publicEventLink(deps.config.publicUrl, event.eventId);
        await withNotifications(deps, async (tx, notify) => {
          if (!(await claimRun(tx, { job: registrationDeadlineReminderJobName, runKey: event.runKey }))) return;
          report.events++;
          const clubIds = [
            event.responsibleClubId,
            ...(await findConfirmedPublicationClubIds(tx, { eventId: event.eventId })),
          ];
          const subscribers = await findSubscriberIdsByClub(tx, { clubIds, type });
          const reached = new Set(await findRegisteredPersonIds(tx, { eventId: event.eventId }));
          for (const clubId of clubIds) {
            const delivery = await notify.subscribers({
              clubId,
              type,
              excludePersonIds: [...reached],
              eventId: event.eventId,
              text: { params },
              link,
            });
            report.notifications += delivery.notifications.length;
            report.mails += delivery.mailCount;
            for (const s of subscribers) if (s.clubId === clubId) reached.add(s.personId);
          }
        });
      }
      return report;
    },
  };
}
