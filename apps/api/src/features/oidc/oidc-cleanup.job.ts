import type { FeatureDeps } from '../../platform/feature-deps';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { deleteExpiredPayloads } from './oidc.queries';

export const oidcCleanupJobName = 'oidc-cleanup';

/**
 * Issue 26: the provider's records past their end (interactions, codes, tokens, grants, sessions).
 * Reads ignore them already; this only keeps the table small. Idempotent.
 */
export function createOidcCleanupJob(deps: Pick<FeatureDeps, 'db'>): ScheduledJob {
  return {
    name: oidcCleanupJobName,
    schedule: '41 * * * *',
    run: async ({ now }) => ({ deleted: await deleteExpiredPayloads(deps.db, { now }) }),
  };
}
