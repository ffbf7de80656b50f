import type { Actor } from '@bpw/domain/actor';
import { InvoiceState } from '@bpw/domain/enums/invoice';
import { canManageInvoicesOf } from '@bpw/domain/invoice-permissions';
import type { WebhookInvoice } from '@bpw/domain/schemas/webhook';
import { forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { loadInvoiceActor } from './invoice-actor';
import { findInvoice, findLastPaidOn } from './invoices.queries';

/**
 * Issue 17: an invoice as a webhook subscriber receives it (`invoice.issued`, `invoice.paid`),
 * read when the message is sent, with the subscriber's rights (a club's managers, the
 * association's administrators). What an accounting tool books and nothing more: no name, no
 * address; the person by her id (docs/decisions/webhooks.md).
 */
export async function getInvoiceForWebhook(
  deps: Pick<FeatureDeps, 'db' | 'now'>,
  actor: Actor,
  id: string,
): Promise<WebhookInvoice> {
  const invoice = await findInvoice(deps.db, { id });
  if (!invoice) throw notFound();
  if (!canManageInvoicesOf(await loadInvoiceActor(deps.db, actor, deps.now()), invoice.clubId)) throw forbidden();
  const isPaid = invoice.state === InvoiceState.paid;
  return {
    id: invoice.id,
    number: invoice.numberText,
    kind: invoice.kind,
    clubId: invoice.clubId,
    personId: invoice.personId,
    registrationId: invoice.registrationId,
    state: invoice.state,
    currency: 'CHF',
    totalCentimes: invoice.totalCentimes,
    paidCentimes: invoice.paidCentimes,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    paidOn: isPaid ? await findLastPaidOn(deps.db, { invoiceId: invoice.id }) : null,
    reference: invoice.reference,
  };
}
