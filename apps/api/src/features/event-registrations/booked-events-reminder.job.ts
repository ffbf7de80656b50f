import { NotificationType } from '@bpw/domain/enums/notification';
import type { FeatureDeps } from '../../platform/feature-deps';
import { queueMail } from '../../platform/mail/outbox';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { claimRuns } from '../../platform/scheduler/scheduler-runs';
import { withNotifications } from '../notifications/notify.service';
import { findDueBookedReminders } from './event-reminders.queries';
import { guestNoticeMail, publicEventLink, reminderDate } from './reminder-mail';

export const bookedEventsReminderJobName = 'booked-events-reminder';
/** Spec 02 §9 "Reminder for booked events: 3 days before the event". */
export const BOOKED_EVENTS_REMINDER_DAYS = 3;
const BATCH = 500;
const DAY_MS = 86_400_000;

type Deps = Pick<FeatureDeps, 'db' | 'outbox' | 'realtime' | 'config'>;

/**
 * BookedEventsReminder (spec 02 §3, §9): once the event is at most 3 days away, each Confirmed
 * registrant hears of it once: members as their subscription says (by default in the app),
 * guests by mail. Each event's reminders and their claims are one transaction.
 */
export function createBookedEventsReminderJob(deps: Deps): ScheduledJob {
  return {
    name: bookedEventsReminderJobName,
    schedule: '*/10 * * * *',
    run: async ({ now, signal }) => {
      const due = await findDueBookedReminders(deps.db, {
        job: bookedEventsReminderJobName,
        now,
        until: new Date(now.getTime() + BOOKED_EVENTS_REMINDER_DAYS * DAY_MS),
        limit: BATCH,
      });
      const byEvent = new Map<string, typeof due>();
      for (const row of due) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row]);
      const report = { events: 0, members: 0, guests: 0 };
      for (const [eventId, rows] of byEvent) {
        if (signal.aborted) break;
        const first = rows[0]!;
        const params = { event: first.eventTitle, date: reminderDate(first.eventFrom) };
        const link = publicEventLink(deps.config.publicUrl, eventId);
        await withNotifications(deps, async (tx, notify) => {
          const claimed = await claimRuns(tx, { job: bookedEventsReminderJobName, runKeys: rows.map((r) => r.runKey) });
          const mine = rows.filter((r) => claimed.has(r.runKey));
          const personIds = mine.flatMap((r) => (r.personId ? [r.personId] : []));
          if (personIds.length) {
            await notify.persons({
              personIds,
              type: NotificationType.BookedEventsReminder,
              eventId,
              text: { params },
              link,
            });
          }
          const guests = mine.filter((r) => r.personId === null);
          for (const guest of guests) {
            await queueMail(
              tx,
              guestNoticeMail({
                type: NotificationType.BookedEventsReminder,
                to: guest.email,
                languageCode: first.eventLanguageCode,
                params,
                link,
              }),
            );
          }
          if (mine.length) report.events++;
          report.members += personIds.length;
          report.guests += guests.length;
        });
      }
      // withNotifications kicks the outbox only for members' mails.
      if (report.guests > 0) deps.outbox.kick();
      return report;
    },
  };
}
