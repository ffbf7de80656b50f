import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureDeps } from '../../platform/feature-deps';
import { queueMail } from '../../platform/mail/outbox';
import { buildPayload } from './webhook-payload';
import { type DeliveryResult, postWebhook, signedHeaders } from './webhook-http';
import { findDisabledNoticeRecipient, renderDisabledMail } from './webhook-mails';

/**
 * Issue 26: the sender of the webhook outbox (docs/decisions/webhooks.md). It claims due
 * messages with a lease (FOR UPDATE SKIP LOCKED: several instances share the work), never one
 * whose resource still has an earlier message waiting (order per resource), posts them at once,
 * and writes each attempt. A failure is retried with exponential back-off (30 s doubling, at
 * most an hour apart) for 24 hours; then the message fails, the subscription is disabled and
 * its creator gets a mail. A message whose sender died is claimed again when its lease ends.
 */
export type WebhookSender = {
  start: () => void;
  /** Sends what is due; resolves when that is done. Tests call it directly. */
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
};

export const RETRY_WINDOW_MS = 24 * 3_600_000;
const LEASE_SECONDS = 30;
const BATCH = 10;
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 3_600_000;

/** The pause after the n-th failed attempt (1-based). */
export const backoffMs = (attempt: number) => Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1));

type Claimed = {
  id: string;
  subscription_id: string;
  event_type: string;
  resource_type: string;
  resource_id: string;
  club_id: string | null;
  occurred_at: string | Date;
  attempts: number;
  window_started_at: string | Date;
  lease_token: string;
  url: string;
  secret: string;
  subscription_club_id: string | null;
};

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export function createWebhookSender(options: {
  deps: FeatureDeps;
  allowedHosts: readonly string[];
  log: FastifyBaseLogger;
  intervalMs?: number;
}): WebhookSender {
  const { deps } = options;
  const db = deps.db;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function claim(): Promise<Claimed[]> {
    const now = deps.now();
    const leaseEnd = new Date(now.getTime() + LEASE_SECONDS * 1000);
    // A claimed message is due again when its lease ends: next_attempt_at carries both.
    const result = await db.execute(sql`
      UPDATE webhook_messages m SET state = 'sending', attempts = m.attempts + 1, lease_token = gen_random_uuid(),
        lease_until = ${ts(leaseEnd)}, next_attempt_at = ${ts(leaseEnd)}
      FROM webhook_subscriptions s
      WHERE s.id = m.subscription_id AND m.id IN (
        SELECT d.id FROM webhook_messages d JOIN webhook_subscriptions ds ON ds.id = d.subscription_id AND ds.is_enabled
        WHERE d.state IN ('pending', 'sending') AND d.next_attempt_at <= ${ts(now)}
          AND NOT EXISTS (SELECT 1 FROM webhook_messages e
            WHERE e.subscription_id = d.subscription_id AND e.resource_type = d.resource_type
              AND e.resource_id = d.resource_id AND e.state IN ('pending', 'sending') AND e.seq < d.seq)
        ORDER BY d.seq LIMIT ${BATCH}
        FOR UPDATE OF d SKIP LOCKED)
      RETURNING m.id, m.subscription_id, m.event_type, m.resource_type, m.resource_id, m.club_id, m.occurred_at,
        m.attempts, m.window_started_at, m.lease_token, s.url, s.secret, s.club_id AS subscription_club_id`);
    return (result as unknown as { rows: Claimed[] }).rows;
  }

  async function deliver(row: Claimed): Promise<DeliveryResult> {
    try {
      const body = await buildPayload(deps, row.subscription_club_id, {
        eventType: row.event_type,
        resourceType: row.resource_type,
        resourceId: row.resource_id,
        clubId: row.club_id,
        occurredAt: new Date(row.occurred_at),
      });
      // The signature's timestamp is the wall clock's: receivers compare it with theirs.
      const headers = signedHeaders({ secret: row.secret, id: row.id, timestamp: new Date(), body });
      return await postWebhook({ url: row.url, headers, body, allowedHosts: options.allowedHosts });
    } catch (error) {
      options.log.warn({ err: error, messageId: row.id }, 'webhook payload');
      return { statusCode: null, durationMs: 0, error: 'payload', excerpt: null };
    }
  }

  /** The attempt and its outcome in one transaction, only while the lease is still ours. */
  async function record(row: Claimed, result: DeliveryResult) {
    const now = deps.now();
    const windowEnd = new Date(row.window_started_at).getTime() + RETRY_WINDOW_MS;
    const isDelivered = result.error === null;
    const isGivingUp = !isDelivered && now.getTime() >= windowEnd;
    await db.transaction(async (tx) => {
      const set = isDelivered
        ? sql`state = 'delivered', finished_at = ${ts(now)}`
        : isGivingUp
          ? sql`state = 'failed', finished_at = ${ts(now)}`
          : sql`state = 'pending', next_attempt_at = ${ts(new Date(Math.min(windowEnd, now.getTime() + backoffMs(row.attempts))))}`;
      const updated = await tx.execute(sql`
        UPDATE webhook_messages SET ${set}, lease_token = NULL, lease_until = NULL
        WHERE id = ${row.id} AND lease_token = ${row.lease_token} AND state = 'sending' RETURNING id`);
      // Taken over by another sender after our lease ran out: its attempt counts, not ours.
      if ((updated as unknown as { rows: unknown[] }).rows.length === 0) return;
      await tx.execute(sql`
        INSERT INTO webhook_attempts (message_id, subscription_id, attempt, status_code, duration_ms, error, response_excerpt, at)
        VALUES (${row.id}, ${row.subscription_id}, ${row.attempts}, ${result.statusCode}, ${result.durationMs},
          ${result.error}, ${result.excerpt}, ${ts(now)})`);
      if (isGivingUp) await disableSubscription(tx, row.subscription_id, now);
    });
  }

  async function disableSubscription(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], id: string, now: Date) {
    const disabled = await tx.execute(sql`
      UPDATE webhook_subscriptions SET is_enabled = false, disabled_reason = 'failing', updated_at = ${ts(now)}
      WHERE id = ${id} AND is_enabled RETURNING url, club_id, created_by`);
    const [subscription] = (disabled as unknown as { rows: { url: string; created_by: string | null }[] }).rows;
    if (!subscription) return;
    await tx.execute(sql`
      UPDATE webhook_messages SET state = 'failed', finished_at = ${ts(now)}, lease_token = NULL, lease_until = NULL
      WHERE subscription_id = ${id} AND state = 'pending'`);
    const recipient = subscription.created_by ? await findDisabledNoticeRecipient(tx, subscription.created_by) : null;
    if (recipient?.email) {
      await queueMail(
        tx,
        renderDisabledMail({
          ...recipient,
          email: recipient.email,
          url: subscription.url,
          publicUrl: deps.config.publicUrl,
        }),
      );
      deps.outbox.kick();
    }
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const rows = await claim();
      if (rows.length === 0) break;
      await Promise.all(
        rows.map(async (row) => {
          const result = await deliver(row);
          await record(row, result);
          if (result.error === null) sent++;
        }),
      );
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    if (!running) {
      running = sendDue().finally(() => {
        running = null;
      });
    }
    return running;
  }

  return {
    start: () => {
      if (timer || stopped) return;
      timer = setInterval(() => {
        runOnce().catch((err: unknown) => options.log.warn({ err }, 'webhook sender'));
      }, options.intervalMs ?? 2000);
    },
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
