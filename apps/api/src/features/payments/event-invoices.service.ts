import { InvoiceDelivery, InvoiceState } from '@bpw/domain/enums/invoice';
import { languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { PaymentState, PaymentStatus, RegistrationState } from '@bpw/domain/enums/registration';
import { dueDateFor } from '@bpw/domain/invoice-fees';
import { canManageInvoicesOf } from '@bpw/domain/invoice-permissions';
import type { Actor } from '@bpw/domain/permissions';
import {
  EVENT_INVOICE_OMITTED_LISTED,
  type EventInvoicePreview,
  type eventInvoiceOmissionReasons,
} from '@bpw/domain/schemas/payment';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { writeAuditEntry } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { translate } from '../../platform/i18n';
import {
  enqueueInvoiceDocuments,
  findSettings,
  issueInvoices,
  loadInvoiceActor,
  type NewInvoice,
} from '../invoices/invoice-shared.service';

/**
 * Event invoices (issue 17): an event's confirmed registrations each get one invoice of the
 * price given with the run (the event's `cost` is free text, spec 02), unique per registration,
 * so running again invoices only the new ones. The registration's payment state follows the
 * invoice: Pending / Unpaid once invoiced, Successful / Paid once paid (payment-booking.ts).
 */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'jobs'>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type EventRow = { id: string; title: string; clubId: string; eventFrom: Date };

async function requireEvent(deps: Pick<Deps, 'db' | 'now'>, actor: Actor, eventId: string): Promise<EventRow> {
  const [row] = rowsOf<{ id: string; title: string; responsible_club_id: string; event_from: string | Date }>(
    await deps.db.execute(
      sql`SELECT id, title, responsible_club_id, event_from FROM events WHERE id = ${eventId}::uuid`,
    ),
  );
  if (!row) throw notFound();
  if (!canManageInvoicesOf(await loadInvoiceActor(deps.db, actor, deps.now()), row.responsible_club_id))
    throw forbidden();
  return { id: row.id, title: row.title, clubId: row.responsible_club_id, eventFrom: new Date(row.event_from) };
}

/** The pre-check of POST event/{id}/invoice-run. */
export const authorizeEventInvoices = async (deps: Pick<Deps, 'db' | 'now'>, actor: Actor, eventId: string) => {
  await requireEvent(deps, actor, eventId);
};

type RegistrationRow = {
  id: string;
  personId: string | null;
  firstname: string;
  lastname: string;
  street: string | null;
  zip: string | null;
  city: string | null;
  countryCode: string | null;
  email: string;
  languageCode: string;
  state: number;
  isInvoiced: boolean;
};

async function findRegistrations(db: DbOrTx, eventId: string): Promise<RegistrationRow[]> {
  return rowsOf<RegistrationRow>(
    await db.execute(sql`
      SELECT r.id, r.person_id AS "personId", r.firstname, r.lastname, r.street, r.zip, r.city,
        r.country_code AS "countryCode", r.email, r.language_code AS "languageCode",
        r.event_registration_state AS state,
        EXISTS (SELECT 1 FROM invoices i WHERE i.registration_id = r.id AND i.state <> ${InvoiceState.cancelled}) AS "isInvoiced"
      FROM event_registrations r
      WHERE r.event_id = ${eventId}::uuid AND r.event_registration_state <> ${RegistrationState.Unregistered}
      ORDER BY r.registered_at, r.id`),
  );
}

const hasAddress = (r: RegistrationRow) => Boolean(r.zip?.trim() && r.city?.trim());

type OmissionReason = (typeof eventInvoiceOmissionReasons)[number];

const omissionOf = (r: RegistrationRow): OmissionReason | null =>
  r.isInvoiced
    ? 'alreadyInvoiced'
    : Number(r.state) !== RegistrationState.Confirmed
      ? 'notConfirmed'
      : !hasAddress(r)
        ? 'noAddress'
        : null;

function plan(registrations: readonly RegistrationRow[]) {
  const omittedByReason: Record<OmissionReason, number> = { alreadyInvoiced: 0, notConfirmed: 0, noAddress: 0 };
  const invoiced: RegistrationRow[] = [];
  const omitted: EventInvoicePreview['omitted'] = [];
  for (const r of registrations) {
    const reason = omissionOf(r);
    if (reason === null) {
      invoiced.push(r);
      continue;
    }
    omittedByReason[reason]++;
    if (omitted.length < EVENT_INVOICE_OMITTED_LISTED)
      omitted.push({ registrationId: r.id, name: `${r.firstname} ${r.lastname}`.trim(), reason });
  }
  return { invoiced, omittedByReason, omitted };
}

/** GET event/{id}/invoice-run/preview (contract 31). */
export async function previewEventInvoices(
  deps: Deps,
  actor: Actor,
  params: { eventId: string; amountCentimes: number },
): Promise<EventInvoicePreview> {
  const event = await requireEvent(deps, actor, params.eventId);
  const { invoiced, omittedByReason, omitted } = plan(await findRegistrations(deps.db, event.id));
  return {
    eventId: event.id,
    clubId: event.clubId,
    invoiceCount: invoiced.length,
    totalCentimes: invoiced.length * params.amountCentimes,
    omittedByReason,
    omitted,
  };
}

const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * POST event/{id}/invoice-run (contract 31): the invoices, the registrations' payment state and
 * the job that renders and mails the PDFs, in one transaction (202).
 */
export async function runEventInvoices(
  deps: Deps,
  actor: Actor,
  params: { eventId: string; amountCentimes: number },
): Promise<{ jobId: string | null; invoiceCount: number }> {
  const event = await requireEvent(deps, actor, params.eventId);
  const settings = await findSettings(deps.db, { clubId: event.clubId });
  if (!settings) throw conflict('invoice.error.settingsMissing');
  const now = deps.now();
  const today = isoDateInSwitzerland(now);
  const eventDate = swissDate(isoDateInSwitzerland(event.eventFrom));
  const result = await deps.db.transaction(async (tx) => {
    // One run at a time per event: a second waits here and then finds the first's invoices.
    await tx.execute(sql`SELECT id FROM events WHERE id = ${event.id}::uuid FOR UPDATE`);
    const { invoiced } = plan(await findRegistrations(tx, event.id));
    const list: NewInvoice[] = invoiced.map((r) => {
      const language = languageCodeEnum.is(r.languageCode) ? r.languageCode : 'de';
      const name = `${r.firstname} ${r.lastname}`.trim();
      return {
        kind: 'event',
        clubId: event.clubId,
        personId: r.personId,
        year: Number(today.slice(0, 4)),
        eventId: event.id,
        registrationId: r.id,
        recipient: {
          name,
          sortName: `${r.lastname}\u0001${r.firstname}`,
          company: null,
          addressLine: null,
          street: r.street?.trim() || null,
          buildingNumber: null,
          zip: r.zip!.trim(),
          city: r.city!.trim(),
          countryCode: r.countryCode?.trim() || 'CH',
          email: r.email,
        },
        languageCode: language,
        creditor: settings,
        delivery: InvoiceDelivery.mail,
        issueDate: today,
        dueDate: dueDateFor(today, settings.paymentTermDays),
        positions: [
          {
            kind: 'event',
            text: translate(localeOfLanguage[language], 'payment.event.position', {
              event: event.title,
              date: eventDate,
            }).slice(0, 300),
            amountCentimes: params.amountCentimes,
          },
        ],
        createdBy: actor.personId,
        now,
      };
    });
    const ids = (await issueInvoices(tx, list)).filter((id): id is string => id !== undefined);
    if (ids.length === 0) return { jobId: null, invoiceCount: 0 };
    await tx.execute(sql`
      UPDATE event_registrations SET payment_state = ${PaymentState.Pending}, payment_status = ${PaymentStatus.Unpaid}
      WHERE id IN (SELECT registration_id FROM invoices WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`);
    const jobId = await enqueueInvoiceDocuments(tx, { ownerPersonId: actor.personId, scope: { invoiceIds: ids } });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'created',
      entity: 'eventInvoiceRun',
      entityId: event.id,
      at: now,
      details: { invoices: ids.length, amountCentimes: params.amountCentimes },
    });
    return { jobId, invoiceCount: ids.length };
  });
  if (result.jobId) deps.jobs.kick();
  return result;
}
