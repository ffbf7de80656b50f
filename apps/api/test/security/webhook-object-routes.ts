import { webhookMessages, webhookSubscriptions } from '../../src/db/schema/webhooks';
import type { Target } from './object-fixtures';
import type { ObjectCase } from './object-routes';
import type { SecurityWorld } from './security-world';

/**
 * Issue 26 (docs/decisions/webhooks.md): a club's webhook subscriptions are its club managers'
 * and the admins'; the association's only the admins'.
 */
const managers = ['clubManager', 'admin'] as const;
const admins = ['admin'] as const;

const webhookBody = { url: 'https://93.184.215.14/hook', events: ['person.updated'] };

export async function webhookOf(w: SecurityWorld, at: Target) {
  const [row] = await w.db
    .insert(webhookSubscriptions)
    .values({ clubId: at.clubId, ...webhookBody, secret: 'whsec_security' })
    .returning({ id: webhookSubscriptions.id });
  return row!.id;
}

/** A delivered message of a new subscription: both ids. */
async function deliveredMessageOf(w: SecurityWorld, at: Target) {
  const subscriptionId = await webhookOf(w, at);
  const now = new Date();
  const [row] = await w.db
    .insert(webhookMessages)
    .values({
      subscriptionId,
      eventType: 'person.updated',
      resourceType: 'person',
      resourceId: w.victim.id,
      occurredAt: now,
      nextAttemptAt: now,
      windowStartedAt: now,
      state: 'delivered',
      finishedAt: now,
    })
    .returning({ id: webhookMessages.id });
  return { subscriptionId, messageId: row!.id };
}

export const webhookObjectCases: Record<string, ObjectCase> = {
  'GET /api/v1/webhook/:id': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/webhook/${await webhookOf(w, at)}` }),
  },
  'PUT /api/v1/webhook/:id': {
    own: managers,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/webhook/${await webhookOf(w, at)}`,
      payload: { ...webhookBody, isEnabled: true },
    }),
  },
  'DELETE /api/v1/webhook/:id': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/webhook/${await webhookOf(w, at)}` }),
  },
  'POST /api/v1/webhook/:id/secret': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/webhook/${await webhookOf(w, at)}/secret` }),
  },
  'GET /api/v1/webhook/:id/attempt': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/webhook/${await webhookOf(w, at)}/attempt` }),
  },
  'POST /api/v1/webhook/:id/message/:messageId/redelivery': {
    own: managers,
    other: admins,
    build: async (w, at) => {
      const { subscriptionId, messageId } = await deliveredMessageOf(w, at);
      return { url: `/api/v1/webhook/${subscriptionId}/message/${messageId}/redelivery` };
    },
  },
};
