import { z } from 'zod';
import type { Actor } from '../actor';
import { ValidationCode } from '../validation';
import { pagingQuery, uuidValue } from './query-params';

const c = ValidationCode;

/**
 * Issue 26: the events a webhook subscription may name (docs/decisions/webhooks.md). The last one
 * is reserved for a feature still to come: listed, refused by the API until something sends it.
 */
export const webhookEventTypes = [
  'person.created',
  'person.updated',
  'person.archived',
  'membership.changed',
  'registration.created',
  'registration.confirmed',
  'registration.cancelled',
  'invoice.issued',
  'invoice.paid',
  'application.received',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** Reserved: shown greyed in the web app, refused by the API until their feature exists. */
export const reservedWebhookEventTypes: readonly WebhookEventType[] = ['application.received'];
export const offeredWebhookEventTypes = webhookEventTypes.filter((t) => !reservedWebhookEventTypes.includes(t));

/** A club's webhooks: its database managers and admins; the association's (`null`): admins. */
export const canManageWebhooksOf = (actor: Actor, clubId: string | null) =>
  actor.isAdmin || (clubId !== null && actor.clubManagerOf.includes(clubId));

/** A subscription's address: an absolute URL, at most 2000 characters (https is checked by the server). */
const webhookUrl = () =>
  z
    .string({ error: c.required })
    .trim()
    .min(1, { error: c.required })
    .max(2000, { error: c.tooLong })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
        } catch {
          return false;
        }
      },
      { error: c.url },
    );

const webhookEvents = () =>
  z
    .array(z.enum(offeredWebhookEventTypes as [WebhookEventType, ...WebhookEventType[]], { error: c.invalid }), {
      error: c.required,
    })
    .min(1, { error: c.required })
    .max(webhookEventTypes.length, { error: c.tooLong });

/** POST webhook: a club's subscription (its database managers) or the association's (`clubId` null, admins). */
export const webhookCreateSchema = z.object({
  clubId: uuidValue().nullable(),
  url: webhookUrl(),
  events: webhookEvents(),
});
export type WebhookCreateData = z.infer<typeof webhookCreateSchema>;

/** PUT webhook/{id}: address, events and whether it is enabled. */
export const webhookUpdateSchema = z.object({
  url: webhookUrl(),
  events: webhookEvents(),
  isEnabled: z.boolean({ error: c.boolean }),
});
export type WebhookUpdateData = z.infer<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  clubId: z.string().nullable(),
  url: z.string(),
  events: z.array(z.string()),
  isEnabled: z.boolean(),
  /** Why the server disabled it: `failing` after 24 hours of failed deliveries; null otherwise. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of a creation and of a secret rotation: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** GET webhook: `ClubId` a club's subscriptions, absent the association's. */
export const webhookListQuerySchema = z.object({ ClubId: uuidValue().optional() });
export const webhookListSchema = z.object({ items: z.array(webhookSchema), total: z.number().int() });

export const webhookDeliveryStates = ['pending', 'sending', 'delivered', 'failed'] as const;

/** One attempt to deliver a message: the delivery log. */
export const webhookAttemptSchema = z.object({
  id: z.string(),
  /** The message's id, its `webhook-id` header: the same on every attempt and redelivery. */
  messageId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** A short error name (timeout, refusedAddress, connection), never the response body. */
  error: z.string().nullable(),
  messageState: z.enum(webhookDeliveryStates),
  at: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;
export const webhookAttemptListSchema = z.object({ items: z.array(webhookAttemptSchema), total: z.number().int() });
export const webhookAttemptListQuerySchema = z.object(pagingQuery(20));

/**
 * The `data` of `invoice.issued` and `invoice.paid` (issue 17): what an accounting tool books,
 * and no recipient's name or address (the person is named by her id only). `paidOn` is the day
 * of the latest payment once the invoice is paid, else null.
 */
export const webhookInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['fee', 'event']),
  clubId: z.string(),
  personId: z.string().nullable(),
  registrationId: z.string().nullable(),
  state: z.number().int(),
  currency: z.literal('CHF'),
  totalCentimes: z.number().int(),
  paidCentimes: z.number().int(),
  issueDate: z.string(),
  dueDate: z.string(),
  paidOn: z.string().nullable(),
  reference: z.string(),
});
export type WebhookInvoice = z.infer<typeof webhookInvoiceSchema>;

export const webhookMessageParamsSchema = z.object({ id: uuidValue(), messageId: uuidValue() });
