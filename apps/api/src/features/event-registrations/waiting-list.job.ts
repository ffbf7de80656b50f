import type { FeatureDeps } from '../../platform/feature-deps';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { advanceWaitingListOf } from './waiting-list.service';
import { findEventsWithWaiting } from './waiting-list.queries';

export const waitingListJobName = 'event-waiting-list-advance';
/** Events looked at per run; the next run takes the rest. */
const EVENTS_PER_RUN = 200;

/**
 * Issue 19: someone moved up from the waiting list who does not confirm in time holds her place
 * no longer (her Pending registration expired, registration-expiry.md); the place goes to the
 * next in line. Nothing else frees a place without a request, so this job is what moves the line
 * on then, every minute. A registration arriving meanwhile moves the line first too. Each event
 * in its own transaction under its row lock; idempotent.
 */
export function createWaitingListJob(deps: Pick<FeatureDeps, 'db' | 'config' | 'outbox'>): ScheduledJob {
  return {
    name: waitingListJobName,
    schedule: '* * * * *',
    run: async ({ now, signal }) => {
      let movedUp = 0;
      for (const eventId of await findEventsWithWaiting(deps.db, { limit: EVENTS_PER_RUN })) {
        if (signal.aborted) break;
        movedUp += await deps.db.transaction((tx) => advanceWaitingListOf(deps, tx, { eventId, now }));
      }
      if (movedUp > 0) deps.outbox.kick();
      return { movedUp };
    },
  };
}
