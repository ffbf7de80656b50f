import type { FeatureDeps } from '../../platform/feature-deps';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { deleteExpiredBefore } from './registration-writes.queries';

export const registrationExpiryJobName = 'event-registration-expiry';
/**
 * How long staff still see an expired Pending registration (and can extend it) before the job
 * deletes it (docs/decisions/registration-expiry.md).
 */
export const EXPIRED_REGISTRATION_KEPT_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * Issue 15: a Pending registration not confirmed in time. It holds no slot from its expiry on
 * (every slot count checks expires_at, so nothing waits for this job); the job only removes the
 * never-confirmed personal data a week later. Idempotent: a repeated run finds nothing more.
 */
export function createRegistrationExpiryJob(deps: Pick<FeatureDeps, 'db'>): ScheduledJob {
  return {
    name: registrationExpiryJobName,
    schedule: '17 * * * *',
    run: async ({ now }) => {
      const before = new Date(now.getTime() - EXPIRED_REGISTRATION_KEPT_DAYS * DAY_MS);
      return { deleted: await deleteExpiredBefore(deps.db, { before }) };
    },
  };
}
