import type { FeatureDeps } from '../../platform/feature-deps';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { deleteExpiredApplications } from './applications.queries';

export const applicationExpiryJobName = 'membership-application-expiry';

/**
 * Issue 25: an application not confirmed within 48 hours leaves nothing behind. Its link stops
 * working at its expiry (the confirmation checks expires_at, so nothing waits for this job); the
 * job deletes the row, the only thing an application stores. Idempotent.
 */
export function createApplicationExpiryJob(deps: Pick<FeatureDeps, 'db'>): ScheduledJob {
  return {
    name: applicationExpiryJobName,
    schedule: '23 * * * *',
    run: async ({ now }) => ({ deleted: await deleteExpiredApplications(deps.db, { now }) }),
  };
}
