import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { id, timestamptz } from './columns';
import { persons } from './persons';

/**
 * Issue 26: webhook subscriptions of a club (`club_id`) or of the association (null), and what
 * is sent to them (docs/decisions/webhooks.md). The secret signs every delivery (Standard
 * Webhooks): it is needed in clear to sign, like the system secrets, and never answered again.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: id(),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    // `failing`: disabled by the sender after 24 hours of failed attempts; null when set by hand.
    disabledReason: text('disabled_reason'),
    createdBy: uuid('created_by').references(() => persons.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_subscriptions_club_idx').on(t.clubId, t.createdAt),
    // recordWebhookEvent: the enabled subscriptions, by club (null: the association's).
    index('webhook_subscriptions_enabled_idx')
      .on(t.clubId)
      .where(sql`${t.isEnabled}`),
  ],
);

/**
 * One event for one subscription, written in the same transaction as the change (an outbox).
 * Its id is the `webhook-id` header, the same on every attempt. The payload is built when it is
 * sent, from the resource as the subscriber may see it then. `seq` orders one resource's events.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    // The resource whose order counts: 'person' (person and membership events) or 'registration'.
    resourceType: text('resource_type').notNull(),
    resourceId: uuid('resource_id').notNull(),
    // The club a membership event concerns (its payload shows that club's relations).
    clubId: uuid('club_id'),
    occurredAt: timestamptz('occurred_at').notNull(),
    // pending -> sending (leased) -> delivered | failed
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    // Retries end 24 hours after this (the first try, or a redelivery by hand).
    windowStartedAt: timestamptz('window_started_at').notNull(),
    leaseToken: uuid('lease_token'),
    leaseUntil: timestamptz('lease_until'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('webhook_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
    // "Does an earlier event of this resource still wait?" (the order per resource).
    index('webhook_messages_order_idx')
      .on(t.subscriptionId, t.resourceType, t.resourceId, t.seq)
      .where(sql`${t.state} in ('pending', 'sending')`),
    index('webhook_messages_subscription_idx').on(t.subscriptionId, t.seq),
    index('webhook_messages_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} in ('delivered', 'failed')`),
  ],
);

/** The delivery log: one row per attempt (status, time, error name; never the response body). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    // The first 200 characters of the response, for the operator's eyes only (not answered).
    responseExcerpt: text('response_excerpt'),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('webhook_attempts_subscription_idx').on(t.subscriptionId, t.at),
    index('webhook_attempts_message_idx').on(t.messageId),
    index('webhook_attempts_at_idx').on(t.at),
  ],
);
