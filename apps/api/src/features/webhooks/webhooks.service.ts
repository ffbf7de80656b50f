import type { Actor } from '@bpw/domain/actor';
import {
  type Webhook,
  type WebhookAttempt,
  type WebhookCreateData,
  type WebhookUpdateData,
  type WebhookWithSecret,
  canManageWebhooksOf,
} from '@bpw/domain/schemas/webhook';
import { writeAuditEntry } from '../../platform/audit';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { AddressRefused, checkWebhookAddress } from './webhook-address';
import { newWebhookSecret } from './webhook-http';
import {
  type SubscriptionRow,
  clubExists,
  deleteSubscription,
  failWaitingMessages,
  findAttempts,
  findMessageOfSubscription,
  findSubscription,
  countSubscriptions,
  findSubscriptions,
  MAX_WEBHOOKS_PER_OWNER,
  insertSubscription,
  requeueMessage,
  setSubscriptionSecret,
  updateSubscription,
} from './webhooks.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config'>;

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const toWebhook = (row: SubscriptionRow): Webhook => ({
  id: row.id,
  clubId: row.clubId,
  url: row.url,
  events: row.events,
  isEnabled: row.isEnabled,
  disabledReason: row.disabledReason,
  createdAt: iso(row.createdAt),
});

/** The SSRF check at subscription (it runs again at every delivery): 400 with the reason. */
async function checkUrl(deps: Deps, url: string) {
  try {
    await checkWebhookAddress(url, deps.config.webhookAllowedHosts);
  } catch (error) {
    if (error instanceof AddressRefused) {
      throw badRequest({ key: `error.webhookUrl.${error.reason}`, params: { field: 'url' } });
    }
    throw error;
  }
}

/** GET webhook (?ClubId): a club's subscriptions for its database managers, the association's for admins. */
export async function listWebhooks(deps: Deps, actor: Actor, clubId: string | null) {
  if (!canManageWebhooksOf(actor, clubId)) throw forbidden();
  const rows = await findSubscriptions(deps.db, { clubId });
  return { items: rows.map(toWebhook), total: rows.length };
}

/** Subscribing at all: admins and club managers (the route's pre-check; which club, the body says). */
export async function authorizeWebhookWrites(actor: Actor) {
  if (!actor.isAdmin && actor.clubManagerOf.length === 0) throw forbidden();
}

/** POST webhook: answers the secret, this once. */
export async function createWebhook(deps: Deps, actor: Actor, data: WebhookCreateData): Promise<WebhookWithSecret> {
  await authorizeWebhookWrites(actor);
  if (!canManageWebhooksOf(actor, data.clubId)) throw forbidden();
  if (data.clubId !== null && !(await clubExists(deps.db, { id: data.clubId }))) {
    throw badRequest({ key: 'validation.invalid', params: { field: 'clubId' } });
  }
  await checkUrl(deps, data.url);
  const secret = newWebhookSecret();
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    if ((await countSubscriptions(tx, { clubId: data.clubId })) >= MAX_WEBHOOKS_PER_OWNER) {
      throw conflict('error.webhookLimit', { max: MAX_WEBHOOKS_PER_OWNER });
    }
    const created = await insertSubscription(tx, {
      clubId: data.clubId,
      url: data.url,
      events: [...new Set(data.events)],
      secret,
      createdBy: actor.personId,
      now,
    });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'created',
      entity: 'webhook',
      entityId: created.id,
      at: now,
      details: { clubId: data.clubId },
    });
    return created;
  });
  return { ...toWebhook(row), secret };
}

/** The subscription, when the caller manages its owner (also the routes' pre-check). */
export async function requireManagedWebhook(deps: Deps, actor: Actor, id: string) {
  const row = await findSubscription(deps.db, { id });
  if (!row) throw notFound();
  if (!canManageWebhooksOf(actor, row.clubId)) throw forbidden();
  return row;
}

export async function getWebhook(deps: Deps, actor: Actor, id: string): Promise<Webhook> {
  return toWebhook(await requireManagedWebhook(deps, actor, id));
}

/** PUT webhook/{id}: a new address is checked again; disabled, what still waits is not sent. */
export async function changeWebhook(deps: Deps, actor: Actor, id: string, data: WebhookUpdateData): Promise<Webhook> {
  const row = await requireManagedWebhook(deps, actor, id);
  if (data.url !== row.url) await checkUrl(deps, data.url);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await updateSubscription(tx, {
      id,
      url: data.url,
      events: [...new Set(data.events)],
      isEnabled: data.isEnabled,
      now,
    });
    if (!data.isEnabled && row.isEnabled) await failWaitingMessages(tx, { subscriptionId: id, now });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'webhook',
      entityId: id,
      at: now,
    });
  });
  return getWebhook(deps, actor, id);
}

export async function removeWebhook(deps: Deps, actor: Actor, id: string): Promise<void> {
  await requireManagedWebhook(deps, actor, id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await deleteSubscription(tx, { id });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'deleted',
      entity: 'webhook',
      entityId: id,
      at: now,
    });
  });
}

/** POST webhook/{id}/secret: a new secret, answered once; the old one signs nothing more. */
export async function rotateWebhookSecret(deps: Deps, actor: Actor, id: string): Promise<WebhookWithSecret> {
  const row = await requireManagedWebhook(deps, actor, id);
  const secret = newWebhookSecret();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await setSubscriptionSecret(tx, { id, secret, now });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'webhook',
      entityId: id,
      at: now,
    });
  });
  return { ...toWebhook(row), secret };
}

const PER_PAGE_ALL = 100;

/** GET webhook/{id}/attempt: the delivery log, newest first. */
export async function listWebhookAttempts(
  deps: Deps,
  actor: Actor,
  id: string,
  query: { Page: number; PerPage: number },
): Promise<{ items: WebhookAttempt[]; total: number }> {
  await requireManagedWebhook(deps, actor, id);
  const perPage = query.PerPage === 0 ? PER_PAGE_ALL : Math.min(query.PerPage, PER_PAGE_ALL);
  const page = await findAttempts(deps.db, { subscriptionId: id, limit: perPage, offset: query.Page * perPage });
  return {
    total: page.total,
    items: page.items.map((item) => ({
      ...item,
      messageState: item.messageState as WebhookAttempt['messageState'],
      at: iso(item.at),
    })),
  };
}

/** POST webhook/{id}/message/{messageId}/redelivery: sent again, with the same webhook-id. */
export async function redeliverWebhookMessage(deps: Deps, actor: Actor, id: string, messageId: string) {
  await requireManagedWebhook(deps, actor, id);
  const message = await findMessageOfSubscription(deps.db, { subscriptionId: id, messageId });
  if (!message) throw notFound();
  if (!(await requeueMessage(deps.db, { subscriptionId: id, messageId, now: deps.now() }))) {
    throw conflict('error.webhookMessageUnderway');
  }
}
