import type { WebhookEventType } from '@bpw/domain/schemas/webhook';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type WebhookEvent =
  | { type: 'person.created' | 'person.updated' | 'person.archived'; personId: string; now: Date }
  /** `clubId`: the club of the relation that changed (also when it was just deleted). */
  | { type: 'membership.changed'; personId: string; clubId: string; now: Date }
  | {
      type: 'registration.created' | 'registration.confirmed' | 'registration.cancelled';
      registrationId: string;
      now: Date;
    }
  /** Issue 17: many invoices at once (a fee run's batch, a camt file's batch), one statement. */
  | { type: 'invoice.issued' | 'invoice.paid'; invoiceIds: readonly string[]; now: Date };

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Issue 26: writes the event for every enabled subscription that names it and may see it, in the
 * caller's transaction (an outbox): a rolled-back change sends nothing, a committed one is sent at
 * least once. A club's subscription gets the events of persons with a relation to the club (the
 * club of a changed relation too), of registrations to the club's events and of the club's
 * invoices; the association's gets all. One INSERT ... SELECT; no payload yet: it is built when it is sent.
 */
export async function recordWebhookEvent(tx: DbOrTx, event: WebhookEvent): Promise<void> {
  if ('invoiceIds' in event) return recordInvoiceEvents(tx, event);
  const type: WebhookEventType = event.type;
  let resourceType: string;
  let resourceId: string;
  let clubs: ReturnType<typeof sql>;
  let clubId: string | null = null;
  if ('registrationId' in event) {
    resourceType = 'registration';
    resourceId = event.registrationId;
    clubs = sql`SELECT e.responsible_club_id FROM event_registrations r JOIN events e ON e.id = r.event_id
      WHERE r.id = ${resourceId}`;
  } else {
    resourceType = 'person';
    resourceId = event.personId;
    clubId = 'clubId' in event ? event.clubId : null;
    clubs = sql`SELECT club_id FROM club_relations WHERE person_id = ${resourceId}
      UNION ALL SELECT ${clubId}::uuid`;
  }
  await tx.execute(sql`
    INSERT INTO webhook_messages (subscription_id, event_type, resource_type, resource_id, club_id,
      occurred_at, next_attempt_at, window_started_at)
    SELECT s.id, ${type}, ${resourceType}, ${resourceId}, ${clubId}::uuid, ${ts(event.now)}, ${ts(event.now)}, ${ts(event.now)}
    FROM webhook_subscriptions s
    WHERE s.is_enabled AND ${type} = ANY(s.events) AND (s.club_id IS NULL OR s.club_id IN (${clubs}))`);
}

/**
 * Invoice events: one message per invoice and subscription (the invoice's club's and the
 * association's), in number order, all of a batch in one INSERT ... SELECT. Each invoice is a
 * resource of its own: its `invoice.issued` is sent before its `invoice.paid`.
 */
async function recordInvoiceEvents(
  tx: DbOrTx,
  event: Extract<WebhookEvent, { invoiceIds: readonly string[] }>,
): Promise<void> {
  if (event.invoiceIds.length === 0) return;
  const type: WebhookEventType = event.type;
  const ids = sql.join(
    event.invoiceIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO webhook_messages (subscription_id, event_type, resource_type, resource_id, club_id,
      occurred_at, next_attempt_at, window_started_at)
    SELECT s.id, ${type}, 'invoice', i.id, NULL, ${ts(event.now)}, ${ts(event.now)}, ${ts(event.now)}
    FROM invoices i
    JOIN webhook_subscriptions s ON s.is_enabled AND ${type} = ANY(s.events)
      AND (s.club_id IS NULL OR s.club_id = i.club_id)
    WHERE i.id IN (${ids})
    ORDER BY i.number, s.id`);
}
