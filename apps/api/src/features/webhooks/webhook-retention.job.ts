import { sql } from 'drizzle-orm';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';

export const webhookRetentionJobName = 'webhook-retention';
/** How long the delivery log keeps sent and failed messages and their attempts. */
export const WEBHOOK_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Issue 26: removes finished messages (their attempts go with them) and attempts older than the
 * retention, in batches so that no statement runs long. Idempotent.
 */
export function createWebhookRetentionJob(deps: Pick<FeatureDeps, 'db'>): ScheduledJob {
  return {
    name: webhookRetentionJobName,
    schedule: '41 3 * * *',
    run: async ({ now }) => {
      const before = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * DAY_MS).toISOString();
      let deleted = 0;
      for (;;) {
        const result = await deps.db.execute(sql`
          DELETE FROM webhook_messages WHERE id IN (
            SELECT id FROM webhook_messages
            WHERE state IN ('delivered', 'failed') AND finished_at < ${before}::timestamptz LIMIT 1000)
          RETURNING id`);
        const count = (result as unknown as { rows: unknown[] }).rows.length;
        deleted += count;
        if (count < 1000) break;
      }
      // Attempts of a message redelivered long after (the message itself is still young).
      await deps.db.execute(sql`DELETE FROM webhook_attempts WHERE at < ${before}::timestamptz`);
      return { deleted };
    },
  };
}
