import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { webhookAttempts, webhookMessages, webhookSubscriptions } from '../../db/schema/webhooks';

/**
 * A club's or the association's webhooks are few (one per receiving tool): capped, so their list
 * needs no paging and a runaway script cannot create thousands.
 */
export const MAX_WEBHOOKS_PER_OWNER = 20;

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function clubExists(db: DbOrTx, params: { id: string }): Promise<boolean> {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, params.id));
  return row !== undefined;
}

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;

export async function insertSubscription(
  db: DbOrTx,
  params: { clubId: string | null; url: string; events: string[]; secret: string; createdBy: string; now: Date },
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({ ...params, createdAt: params.now, updatedAt: params.now })
    .returning();
  return row!;
}

export async function findSubscription(db: DbOrTx, params: { id: string }): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, params.id));
  return row;
}

const ownedBy = (clubId: string | null) =>
  clubId === null ? isNull(webhookSubscriptions.clubId) : eq(webhookSubscriptions.clubId, clubId);

/** How many subscriptions a club (or the association, `clubId` null) has. */
export async function countSubscriptions(db: DbOrTx, params: { clubId: string | null }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookSubscriptions).where(ownedBy(params.clubId));
  return row?.n ?? 0;
}

/** A club's subscriptions, or the association's (`clubId` null): at most MAX_WEBHOOKS_PER_OWNER. */
export async function findSubscriptions(db: DbOrTx, params: { clubId: string | null }): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(webhookSubscriptions)
    .where(ownedBy(params.clubId))
    .orderBy(webhookSubscriptions.createdAt, webhookSubscriptions.id)
    .limit(MAX_WEBHOOKS_PER_OWNER);
}

export async function updateSubscription(
  db: DbOrTx,
  params: { id: string; url: string; events: string[]; isEnabled: boolean; now: Date },
): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set({
      url: params.url,
      events: params.events,
      isEnabled: params.isEnabled,
      // Enabled again by hand: the reason it was disabled no longer holds.
      ...(params.isEnabled ? { disabledReason: null } : {}),
      updatedAt: params.now,
    })
    .where(eq(webhookSubscriptions.id, params.id));
}

export async function setSubscriptionSecret(db: DbOrTx, params: { id: string; secret: string; now: Date }) {
  await db
    .update(webhookSubscriptions)
    .set({ secret: params.secret, updatedAt: params.now })
    .where(eq(webhookSubscriptions.id, params.id));
}

export async function deleteSubscription(db: DbOrTx, params: { id: string }): Promise<void> {
  await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, params.id));
}

/** Disabled by hand: what still waits is not sent (the log shows it failed; it can be redelivered). */
export async function failWaitingMessages(db: DbOrTx, params: { subscriptionId: string; now: Date }) {
  await db.execute(sql`
    UPDATE webhook_messages SET state = 'failed', finished_at = ${ts(params.now)}, lease_token = NULL, lease_until = NULL
    WHERE subscription_id = ${params.subscriptionId} AND state IN ('pending', 'sending')`);
}

/** The delivery log of one subscription, newest first, paged in SQL. */
export async function findAttempts(db: DbOrTx, params: { subscriptionId: string; limit: number; offset: number }) {
  const where = eq(webhookAttempts.subscriptionId, params.subscriptionId);
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: webhookAttempts.id,
        messageId: webhookAttempts.messageId,
        eventType: webhookMessages.eventType,
        attempt: webhookAttempts.attempt,
        statusCode: webhookAttempts.statusCode,
        durationMs: webhookAttempts.durationMs,
        error: webhookAttempts.error,
        messageState: webhookMessages.state,
        at: webhookAttempts.at,
      })
      .from(webhookAttempts)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
      .where(where)
      .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(webhookAttempts).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * Redelivery by hand: the message is due again now, with a new 24-hour window and the same id
 * (receivers that saw it already recognise it). Answers false for a message of another
 * subscription, or one still on its way.
 */
export async function requeueMessage(db: DbOrTx, params: { subscriptionId: string; messageId: string; now: Date }) {
  const result = await db.execute(sql`
    UPDATE webhook_messages SET state = 'pending', next_attempt_at = ${ts(params.now)},
      window_started_at = ${ts(params.now)}, finished_at = NULL, lease_token = NULL, lease_until = NULL
    WHERE id = ${params.messageId} AND subscription_id = ${params.subscriptionId} AND state IN ('delivered', 'failed')
    RETURNING id`);
  return rowsOf<{ id: string }>(result).length > 0;
}

export async function findMessageOfSubscription(db: DbOrTx, params: { subscriptionId: string; messageId: string }) {
  const [row] = await db
    .select({ id: webhookMessages.id, state: webhookMessages.state })
    .from(webhookMessages)
    .where(and(eq(webhookMessages.id, params.messageId), eq(webhookMessages.subscriptionId, params.subscriptionId)));
  return row;
}
