import type { Actor } from '@bpw/domain/actor';
import type { FirstInvoiceOmissionReason } from '@bpw/domain/invoice-fees';
import { canManageInvoicesOf } from '@bpw/domain/invoice-permissions';
import type { ApplicationFirstInvoice } from '@bpw/domain/schemas/application';
import type { DbOrTx } from '../../db/client';
import { writeAuditEntry } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { forbidden, notFound } from '../../platform/errors';
import { decide, isSkip, loadClubContext } from './fee-run-plan';
import { enqueueInvoiceDocuments } from './invoice-documents.job';
import { issueInvoices } from './invoice-issue';
import { findFeeCandidates, findInvoice } from './invoices.queries';

/**
 * Issue 25 with issue 17: a new member's first invoice, made when her application is accepted
 * (docs/decisions/applications.md). The fee run's path for one person: her candidate row
 * (`findFeeCandidates` narrowed to her), the run's `decide` (membership type amount, young
 * reduction, national fee once, address) and `issueInvoices` (one per person, club and fee
 * year: the unique index). Runs in the caller's transaction, so the invoice exists exactly when
 * the acceptance does; a reason of the rules (nothing to pay, no address, already invoiced, no
 * settings or schedule) makes no invoice and is answered, and the acceptance stands. Its PDF
 * (and, for mail delivery, the mail) is made by the documents job; the caller kicks the jobs.
 */
export async function createFirstInvoice(
  tx: DbOrTx,
  actor: Actor,
  params: { clubId: string; personId: string; year: number; now: Date },
): Promise<ApplicationFirstInvoice> {
  // Those who accept applications (the club's managers, admins) manage its invoices; said again here.
  if (!canManageInvoicesOf(actor, params.clubId)) throw forbidden();
  const omitted = (reason: FirstInvoiceOmissionReason): ApplicationFirstInvoice => ({
    year: params.year,
    invoice: null,
    omittedReason: reason,
  });
  const context = await loadClubContext(tx, { clubId: params.clubId, year: params.year, nationalFee: null });
  if (!context) throw notFound();
  if (isSkip(context)) return omitted(context.reason);
  const [candidate] = await findFeeCandidates(tx, {
    clubId: params.clubId,
    year: params.year,
    afterPersonId: null,
    limit: 1,
    personId: params.personId,
  });
  if (!candidate) return omitted('notActive');
  const decision = decide(candidate, context, params.year, isoDateInSwitzerland(params.now));
  if ('omitted' in decision) return omitted(decision.omitted);
  const [id] = await issueInvoices(tx, [{ ...decision.invoice, createdBy: actor.personId, now: params.now }]);
  // Made meanwhile by a fee run (the unique index skipped this one).
  if (!id) return omitted('alreadyInvoiced');
  await enqueueInvoiceDocuments(tx, { ownerPersonId: actor.personId, scope: { invoiceIds: [id] } });
  await writeAuditEntry(tx, {
    actorPersonId: actor.personId,
    action: 'created',
    entity: 'invoice',
    entityId: id,
    subjectPersonId: params.personId,
    at: params.now,
    details: { via: 'application', clubId: params.clubId, feeYear: params.year },
  });
  const invoice = (await findInvoice(tx, { id }))!;
  return {
    year: params.year,
    invoice: {
      id,
      number: invoice.numberText,
      totalCentimes: invoice.totalCentimes,
      delivery: invoice.delivery,
    },
    omittedReason: null,
  };
}
