import type { DbOrTx } from '../../db/client';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';
import { type NewInvoice, insertInvoices } from './invoices.queries';

/**
 * Issue 17: issues invoices (fee run batch, event run, a new member's first invoice): inserts
 * them (`insertInvoices`: one per person, club and year, one per registration) and records
 * `invoice.issued` for the ones made, in the same transaction and one statement for the batch
 * (docs/decisions/webhooks.md). Answers the ids in input order, undefined where skipped.
 */
export async function issueInvoices(tx: DbOrTx, list: readonly NewInvoice[]): Promise<Array<string | undefined>> {
  const ids = await insertInvoices(tx, list);
  const made = ids.filter((id): id is string => id !== undefined);
  if (made.length > 0) await recordWebhookEvent(tx, { type: 'invoice.issued', invoiceIds: made, now: list[0]!.now });
  return ids;
}
