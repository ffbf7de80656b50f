import type { Actor } from '@bpw/domain/actor';
import { InvoiceDelivery, type InvoiceState } from '@bpw/domain/enums/invoice';
import type { LanguageCode } from '@bpw/domain/enums/language';
import type { FeeRunOmissionReason } from '@bpw/domain/invoice-fees';
import {
  canManageAnyInvoices,
  canManageAssociationInvoicing,
  canManageInvoicesOf,
  canSeeInvoice,
  invoiceClubsOf,
} from '@bpw/domain/invoice-permissions';
import { isQrIban, referenceTypeFor } from '@bpw/domain/invoice-reference';
import { isCancellable, isOverdue, openCentimes, surplusCentimes } from '@bpw/domain/invoice-state';
import type {
  FeeRun,
  FeeRunBody,
  FeeRunPreview,
  FeeSchedule,
  FeeScheduleBody,
  InvoiceClubs,
  InvoiceDetail,
  InvoiceListItem,
  InvoiceSettings,
  NationalFee,
  NationalFeeBody,
  PrintBatch,
  PrintBatchBody,
} from '@bpw/domain/schemas/invoice';
import { and, count, eq, inArray } from 'drizzle-orm';
import { clubRelations } from '../../db/schema/clubs';
import { feeRuns, reminderRuns } from '../../db/schema/invoices';
import { writeAuditEntry } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { AppError, conflict, forbidden, notFound, tooManyForAll } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { findStoredVariant } from '../../platform/stored-files';
import { candidatesOf, clubIdsOfRun, decide, isSkip, loadClubContext, type ClubSkip } from './fee-run-plan';
import { enqueueFeeRun } from './fee-run.job';
import { loadInvoiceActor } from './invoice-actor';
import { queueInvoiceMail } from './invoice-mails';
import {
  type InvoiceRow,
  type ScheduleRow,
  type SettingsRow,
  cancelInvoiceRow,
  findClub,
  findClubs,
  findFeeRun,
  findFeeRunPage,
  findInvoice,
  findInvoiceParts,
  findNationalFee,
  findNationalFeePage,
  findOwnInvoicePage,
  findPrintBatch,
  findPrintBatchPage,
  findSchedule,
  findSchedulePage,
  findSettings,
  insertFeeRun,
  insertPrintBatch,
  saveNationalFee,
  saveSchedule,
  saveSettings,
  type NationalFeeRow,
  type PrintBatchRow,
} from './invoices.queries';
import { enqueuePrintBatch } from './print-batch.job';

/** Issue 17: invoicing settings, fee schedules, fee runs, invoices, PDFs, print batches. */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'jobs'>;

const iso = (date: Date | null) => (date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : null);
const today = (deps: Deps) => isoDateInSwitzerland(deps.now());
const actorOf = (deps: Deps, actor: Actor) => loadInvoiceActor(deps.db, actor, deps.now());

// --- authorisation ---

/** A club's invoicing: its finance responsible and database managers, admins; 404 for no such club. */
export async function requireClubInvoicing(deps: Deps, actor: Actor, clubId: string) {
  const invoiceActor = await actorOf(deps, actor);
  if (!canManageInvoicesOf(invoiceActor, clubId)) throw forbidden();
  const club = await findClub(deps.db, { id: clubId });
  if (!club) throw notFound();
  return { invoiceActor, club };
}

/** Any invoicing at all (the pre-check of writes whose body names the club or run). */
export async function requireAnyInvoicing(deps: Deps, actor: Actor) {
  const invoiceActor = await actorOf(deps, actor);
  if (!canManageAnyInvoices(invoiceActor)) throw forbidden();
  return invoiceActor;
}

export async function requireAdmin(actor: Actor) {
  if (!canManageAssociationInvoicing(actor)) throw forbidden();
}

/** An invoice the caller manages (403 when she may not, 404 when there is none). */
export async function requireManagedInvoice(deps: Deps, actor: Actor, id: string) {
  const invoice = await findInvoice(deps.db, { id });
  if (!invoice) throw notFound();
  if (!canManageInvoicesOf(await actorOf(deps, actor), invoice.clubId)) throw forbidden();
  return invoice;
}

/** An invoice the caller may see: a manager of its club, or the member it is for. */
async function requireVisibleInvoice(deps: Deps, actor: Actor, id: string) {
  const invoice = await findInvoice(deps.db, { id });
  if (!invoice) throw notFound();
  if (invoice.personId !== actor.personId && !canSeeInvoice(await actorOf(deps, actor), invoice)) throw forbidden();
  return invoice;
}

function paged<T>(deps: Deps, perPage: number, result: { items: T[]; total: number }) {
  if (perPage === 0 && result.total > deps.config.listAllLimit) throw tooManyForAll(deps.config.listAllLimit);
  return result;
}

// --- invoice clubs ---

export async function listInvoiceClubs(deps: Deps, actor: Actor): Promise<InvoiceClubs> {
  const scope = invoiceClubsOf(await actorOf(deps, actor));
  const clubs = await findClubs(deps.db, scope.isAllClubs ? {} : { ids: scope.clubIds });
  return { isAllClubs: scope.isAllClubs, clubs };
}

// --- settings ---

const toSettings = (row: SettingsRow): InvoiceSettings => ({
  clubId: row.clubId,
  creditorName: row.creditorName,
  street: row.street,
  buildingNumber: row.buildingNumber,
  zip: row.zip,
  city: row.city,
  countryCode: row.countryCode,
  iban: row.iban,
  isQrIban: isQrIban(row.iban),
  referenceType: referenceTypeFor(row.iban),
  paymentTermDays: row.paymentTermDays,
  updatedAt: iso(row.updatedAt)!,
});

export async function getSettings(deps: Deps, actor: Actor, clubId: string | null): Promise<InvoiceSettings> {
  if (clubId) await requireClubInvoicing(deps, actor, clubId);
  else await requireAnyInvoicing(deps, actor);
  const row = await findSettings(deps.db, { clubId });
  if (!row) throw notFound();
  return toSettings(row);
}

export type SettingsData = {
  creditorName: string;
  street?: string | null | undefined;
  buildingNumber?: string | null | undefined;
  zip: string;
  city: string;
  countryCode: string;
  iban: string;
  paymentTermDays: number;
};

export async function putSettings(
  deps: Deps,
  actor: Actor,
  clubId: string | null,
  data: SettingsData,
): Promise<InvoiceSettings> {
  if (clubId) await requireClubInvoicing(deps, actor, clubId);
  else await requireAdmin(actor);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const saved = await saveSettings(tx, {
      clubId,
      values: {
        creditorName: data.creditorName,
        street: data.street ?? null,
        buildingNumber: data.buildingNumber ?? null,
        zip: data.zip,
        city: data.city,
        countryCode: data.countryCode,
        iban: data.iban,
        paymentTermDays: data.paymentTermDays,
      },
      by: actor.personId,
      now,
    });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'invoiceSettings',
      entityId: saved.id,
      at: now,
      details: { clubId },
    });
    return saved;
  });
  return toSettings(row);
}

// --- fee schedules ---

const toSchedule = (row: ScheduleRow): FeeSchedule => ({
  clubId: row.clubId,
  year: row.year,
  singleCentimes: row.singleCentimes,
  collectiveCentimes: row.collectiveCentimes,
  companyCentimes: row.companyCentimes,
  youngCentimes: row.youngCentimes,
  updatedAt: iso(row.updatedAt)!,
});

export async function listSchedules(
  deps: Deps,
  actor: Actor,
  clubId: string,
  query: { Page: number; PerPage: number },
) {
  await requireClubInvoicing(deps, actor, clubId);
  const result = await findSchedulePage(deps.db, { clubId, page: query.Page, perPage: query.PerPage });
  return paged(deps, query.PerPage, { items: result.items.map(toSchedule), total: result.total });
}

export async function getSchedule(deps: Deps, actor: Actor, clubId: string, year: number): Promise<FeeSchedule> {
  await requireClubInvoicing(deps, actor, clubId);
  const row = await findSchedule(deps.db, { clubId, year });
  if (!row) throw notFound();
  return toSchedule(row);
}

export async function putSchedule(
  deps: Deps,
  actor: Actor,
  clubId: string,
  year: number,
  data: FeeScheduleBody,
): Promise<FeeSchedule> {
  await requireClubInvoicing(deps, actor, clubId);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const saved = await saveSchedule(tx, { clubId, year, values: data, by: actor.personId, now });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'feeSchedule',
      entityId: saved.id,
      at: now,
      details: { clubId, year },
    });
    return saved;
  });
  return toSchedule(row);
}

// --- national fee ---

const toNationalFee = (row: NationalFeeRow): NationalFee => ({
  year: row.year,
  amountCentimes: row.amountCentimes,
  youngCentimes: row.youngCentimes,
  updatedAt: iso(row.updatedAt)!,
});

export async function listNationalFees(deps: Deps, actor: Actor, query: { Page: number; PerPage: number }) {
  await requireAnyInvoicing(deps, actor);
  const result = await findNationalFeePage(deps.db, { page: query.Page, perPage: query.PerPage });
  return paged(deps, query.PerPage, { items: result.items.map(toNationalFee), total: result.total });
}

export async function getNationalFee(deps: Deps, actor: Actor, year: number): Promise<NationalFee> {
  await requireAnyInvoicing(deps, actor);
  const row = await findNationalFee(deps.db, { year });
  if (!row) throw notFound();
  return toNationalFee(row);
}

export async function putNationalFee(
  deps: Deps,
  actor: Actor,
  year: number,
  data: NationalFeeBody,
): Promise<NationalFee> {
  await requireAdmin(actor);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const saved = await saveNationalFee(tx, { year, values: data, by: actor.personId, now });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'nationalFee',
      // The national fee is keyed by its year, not by an id: the year is in the details.
      entityId: null as unknown as string,
      at: now,
      details: { year },
    });
    return saved;
  });
  return toNationalFee(row);
}

// --- fee runs ---

/** Who may run fees for `clubId` (null: all clubs, admins). */
async function requireRunScope(deps: Deps, actor: Actor, clubId: string | null) {
  if (clubId === null) {
    await requireAdmin(actor);
    return;
  }
  await requireClubInvoicing(deps, actor, clubId);
}

function refuseSkip(skip: ClubSkip, year: number): never {
  if (skip.reason === 'noSettings') throw conflict('invoice.error.settingsMissing');
  throw conflict('invoice.error.scheduleMissing', { year });
}

export async function previewFeeRun(
  deps: Deps,
  actor: Actor,
  query: {
    Year: number;
    ClubId?: string | undefined;
    Reason?: FeeRunOmissionReason | undefined;
    Page: number;
    PerPage: number;
  },
): Promise<FeeRunPreview> {
  const clubId = query.ClubId ?? null;
  await requireRunScope(deps, actor, clubId);
  const year = query.Year;
  const issueDate = today(deps);
  const nationalFee = await findNationalFee(deps.db, { year });
  const preview: FeeRunPreview = {
    year,
    clubId,
    invoiceCount: 0,
    totalCentimes: 0,
    clubFeeCentimes: 0,
    nationalFeeCentimes: 0,
    mailCount: 0,
    printCount: 0,
    omittedByReason: { noFee: 0, alreadyInvoiced: 0, noAddress: 0, notActive: 0 },
    omitted: { items: [], total: 0 },
    skippedClubs: [],
  };
  const omitted: FeeRunPreview['omitted']['items'] = [];
  for (const id of await clubIdsOfRun(deps.db, clubId)) {
    const context = await loadClubContext(deps.db, { clubId: id, year, nationalFee });
    if (!context) throw notFound();
    if (isSkip(context)) {
      if (clubId) refuseSkip(context, year);
      preview.skippedClubs.push(context);
      continue;
    }
    for await (const candidate of candidatesOf(deps.db, { clubId: id, year })) {
      const decision = decide(candidate, context, year, issueDate);
      if ('omitted' in decision) {
        preview.omittedByReason[decision.omitted]++;
        if (!query.Reason || query.Reason === decision.omitted) {
          omitted.push({
            personId: candidate.personId,
            name: [candidate.firstname, candidate.lastname].filter(Boolean).join(' '),
            clubId: context.clubId,
            clubName: context.clubName,
            reason: decision.omitted,
          });
        }
        continue;
      }
      preview.invoiceCount++;
      preview.clubFeeCentimes += decision.clubFeeCentimes;
      preview.nationalFeeCentimes += decision.nationalFeeCentimes;
      if (decision.invoice.delivery === InvoiceDelivery.mail) preview.mailCount++;
      else preview.printCount++;
    }
  }
  preview.totalCentimes = preview.clubFeeCentimes + preview.nationalFeeCentimes;
  if (query.PerPage === 0 && omitted.length > deps.config.listAllLimit) throw tooManyForAll(deps.config.listAllLimit);
  preview.omitted = {
    items: query.PerPage === 0 ? omitted : omitted.slice(query.Page * query.PerPage, (query.Page + 1) * query.PerPage),
    total: omitted.length,
  };
  return preview;
}

const toFeeRun = (row: NonNullable<Awaited<ReturnType<typeof findFeeRun>>>): FeeRun => ({
  id: row.run.id,
  clubId: row.run.clubId,
  clubName: row.clubName,
  year: row.run.year,
  issueDate: row.run.issueDate,
  invoiceCount: row.run.invoiceCount,
  totalCentimes: Number(row.run.totalCentimes),
  jobId: row.run.jobId,
  pdfJobId: row.run.pdfJobId,
  createdAt: iso(row.run.createdAt)!,
  printBatchId: row.printBatchId,
});

/** POST fee-run: the run and its job; running again creates only the invoices still missing. */
export async function createFeeRun(deps: Deps, actor: Actor, body: FeeRunBody): Promise<FeeRun> {
  await requireRunScope(deps, actor, body.clubId);
  if (body.clubId) {
    const context = await loadClubContext(deps.db, { clubId: body.clubId, year: body.year, nationalFee: null });
    if (!context) throw notFound();
    if (isSkip(context)) refuseSkip(context, body.year);
  }
  const now = deps.now();
  const runId = await deps.db.transaction(async (tx) => {
    const run = await insertFeeRun(tx, {
      clubId: body.clubId,
      year: body.year,
      issueDate: today(deps),
      by: actor.personId,
      now,
    });
    const [relations] = await tx
      .select({ n: count() })
      .from(clubRelations)
      .where(
        and(inArray(clubRelations.type, [0, 1, 2, 3]), body.clubId ? eq(clubRelations.clubId, body.clubId) : undefined),
      );
    await enqueueFeeRun(tx, { feeRunId: run.id, ownerPersonId: actor.personId, total: relations?.n ?? null });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'created',
      entity: 'feeRun',
      entityId: run.id,
      at: now,
      details: { clubId: body.clubId, year: body.year },
    });
    return run.id;
  });
  deps.jobs.kick();
  return toFeeRun((await findFeeRun(deps.db, { id: runId }))!);
}

/** The clubs a list of runs or batches shows: the one asked for (if the caller invoices it), else all the caller's. */
async function listedClubIds(deps: Deps, actor: Actor, clubId: string | undefined): Promise<readonly string[] | 'all'> {
  if (clubId) {
    await requireClubInvoicing(deps, actor, clubId);
    return [clubId];
  }
  const scope = invoiceClubsOf(await requireAnyInvoicing(deps, actor));
  return scope.isAllClubs ? 'all' : scope.clubIds;
}

export async function listFeeRuns(
  deps: Deps,
  actor: Actor,
  query: { ClubId?: string | undefined; Page: number; PerPage: number },
) {
  const clubIds = await listedClubIds(deps, actor, query.ClubId);
  const result = await findFeeRunPage(deps.db, { clubIds, page: query.Page, perPage: query.PerPage });
  return paged(deps, query.PerPage, { items: result.items.map(toFeeRun), total: result.total });
}

export async function getFeeRun(deps: Deps, actor: Actor, id: string): Promise<FeeRun> {
  const row = await findFeeRun(deps.db, { id });
  if (!row) throw notFound();
  await requireRunScope(deps, actor, row.run.clubId);
  return toFeeRun(row);
}

// --- invoices ---

export function toInvoiceListItem(row: InvoiceRow, clubName: string, day: string): InvoiceListItem {
  return {
    id: row.id,
    number: row.numberText,
    kind: row.kind,
    clubId: row.clubId,
    clubName,
    personId: row.personId,
    recipientName: row.recipientName,
    year: row.year,
    feeYear: row.feeYear,
    eventId: row.eventId,
    totalCentimes: row.totalCentimes,
    paidCentimes: row.paidCentimes,
    openCentimes: openCentimes(row),
    state: row.state as InvoiceState,
    reminderLevel: row.reminderLevel,
    delivery: row.delivery,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    isOverdue: isOverdue(row, day),
    pdfReady: row.pdfFileId !== null,
  };
}

async function toDetail(deps: Deps, row: InvoiceRow): Promise<InvoiceDetail> {
  const club = await findClub(deps.db, { id: row.clubId });
  const parts = await findInvoiceParts(deps.db, { id: row.id });
  return {
    ...toInvoiceListItem(row, club?.name ?? '', today(deps)),
    recipient: {
      name: row.recipientName,
      company: row.recipientCompany,
      addressLine: row.recipientAddressLine,
      street: row.recipientStreet,
      buildingNumber: row.recipientBuildingNumber,
      zip: row.recipientZip,
      city: row.recipientCity,
      countryCode: row.recipientCountryCode,
      email: row.recipientEmail,
    },
    languageCode: row.languageCode as LanguageCode,
    creditor: {
      name: row.creditorName,
      street: row.creditorStreet,
      buildingNumber: row.creditorBuildingNumber,
      zip: row.creditorZip,
      city: row.creditorCity,
      countryCode: row.creditorCountryCode,
    },
    iban: row.iban,
    referenceType: row.referenceType,
    reference: row.reference,
    currency: 'CHF',
    surplusCentimes: surplusCentimes(row),
    registrationId: row.registrationId,
    feeRunId: row.feeRunId,
    mailedAt: iso(row.mailedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    positions: parts.positions.map((p) => ({
      position: p.position,
      kind: p.kind,
      text: p.text,
      amountCentimes: p.amountCentimes,
    })),
    payments: parts.payments.map((p) => ({
      id: p.id,
      source: p.source,
      amountCentimes: p.amountCentimes,
      paidOn: p.paidOn,
      note: p.note,
      createdAt: iso(p.createdAt)!,
    })),
    reminders: parts.reminders.map((r) => ({
      level: r.level,
      remindedOn: r.remindedOn,
      dueDate: r.dueDate,
      delivery: r.delivery,
      pdfReady: r.pdfFileId !== null,
    })),
  };
}

export async function getInvoice(deps: Deps, actor: Actor, id: string): Promise<InvoiceDetail> {
  return toDetail(deps, await requireVisibleInvoice(deps, actor, id));
}

export async function cancelInvoice(
  deps: Deps,
  actor: Actor,
  id: string,
  body: { reason?: string | null | undefined },
): Promise<InvoiceDetail> {
  const invoice = await requireManagedInvoice(deps, actor, id);
  if (!isCancellable(invoice)) throw conflict('invoice.error.notCancellable');
  const now = deps.now();
  const isDone = await deps.db.transaction(async (tx) => {
    const ok = await cancelInvoiceRow(tx, { id, reason: body.reason ?? null, by: actor.personId, now });
    if (!ok) return false;
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'invoice',
      entityId: id,
      ...(invoice.personId ? { subjectPersonId: invoice.personId } : {}),
      at: now,
      details: { state: 'cancelled' },
    });
    return true;
  });
  if (!isDone) throw conflict('invoice.error.notCancellable');
  return toDetail(deps, (await findInvoice(deps.db, { id }))!);
}

const notReady = () => new AppError('Conflict', ['invoice.error.pdfNotReady'], { 'retry-after': '5' });

/** The stored PDF of an invoice the caller may see; 409 while it is not rendered yet. */
export async function invoicePdf(deps: Deps, actor: Actor, id: string) {
  const invoice = await requireVisibleInvoice(deps, actor, id);
  if (!invoice.pdfFileId) throw notReady();
  const file = await findStoredVariant(deps.db, { fileId: invoice.pdfFileId, variant: 'orig' });
  if (!file) throw notReady();
  return { data: file.data, fileName: `invoice-${invoice.numberText}.pdf` };
}

/** POST invoice/{id}/send: the mail with the PDF again, in the recipient's language. */
export async function sendInvoice(deps: Deps, actor: Actor, id: string) {
  const invoice = await requireManagedInvoice(deps, actor, id);
  if (invoice.state === 4) throw conflict('invoice.error.cancelled');
  if (!invoice.recipientEmail) throw conflict('invoice.error.noEmail');
  if (!invoice.pdfFileId) throw notReady();
  const file = await findStoredVariant(deps.db, { fileId: invoice.pdfFileId, variant: 'orig' });
  if (!file) throw notReady();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await queueInvoiceMail(tx, { invoice, pdf: file.data });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'invoice',
      entityId: id,
      ...(invoice.personId ? { subjectPersonId: invoice.personId } : {}),
      at: now,
      details: { mailed: true },
    });
  });
}

export async function listOwnInvoices(deps: Deps, actor: Actor, query: { Page: number; PerPage: number }) {
  const result = await findOwnInvoicePage(deps.db, {
    personId: actor.personId,
    page: query.Page,
    perPage: query.PerPage,
  });
  const day = today(deps);
  return paged(deps, query.PerPage, {
    items: result.items.map((r) => toInvoiceListItem(r.invoice, r.clubName, day)),
    total: result.total,
  });
}

// --- print batches ---

const toPrintBatch = (row: PrintBatchRow): PrintBatch => ({
  id: row.id,
  clubId: row.clubId,
  feeRunId: row.feeRunId,
  reminderRunId: row.reminderRunId,
  jobId: row.jobId,
  documentCount: row.documentCount,
  ready: row.fileId !== null,
  createdAt: iso(row.createdAt)!,
});

async function requirePrintBatch(deps: Deps, actor: Actor, id: string) {
  const batch = await findPrintBatch(deps.db, { id });
  if (!batch) throw notFound();
  await requireRunScope(deps, actor, batch.clubId);
  return batch;
}

export async function listPrintBatches(
  deps: Deps,
  actor: Actor,
  query: { ClubId?: string | undefined; Page: number; PerPage: number },
) {
  const clubIds = await listedClubIds(deps, actor, query.ClubId);
  const result = await findPrintBatchPage(deps.db, { clubIds, page: query.Page, perPage: query.PerPage });
  return paged(deps, query.PerPage, { items: result.items.map(toPrintBatch), total: result.total });
}

export async function createPrintBatch(deps: Deps, actor: Actor, body: PrintBatchBody): Promise<PrintBatch> {
  await requireAnyInvoicing(deps, actor);
  let clubId: string | null;
  if ('feeRunId' in body) {
    const [run] = await deps.db.select({ clubId: feeRuns.clubId }).from(feeRuns).where(eq(feeRuns.id, body.feeRunId));
    if (!run) throw notFound('invoice.error.runNotFound');
    clubId = run.clubId;
  } else {
    const [run] = await deps.db
      .select({ clubId: reminderRuns.clubId })
      .from(reminderRuns)
      .where(eq(reminderRuns.id, body.reminderRunId));
    if (!run) throw notFound('invoice.error.runNotFound');
    clubId = run.clubId;
  }
  await requireRunScope(deps, actor, clubId);
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const batch = await insertPrintBatch(tx, {
      clubId,
      feeRunId: 'feeRunId' in body ? body.feeRunId : null,
      reminderRunId: 'reminderRunId' in body ? body.reminderRunId : null,
      by: actor.personId,
      now,
    });
    await enqueuePrintBatch(tx, { batchId: batch.id, ownerPersonId: actor.personId });
    return batch.id;
  });
  deps.jobs.kick();
  return toPrintBatch((await findPrintBatch(deps.db, { id }))!);
}

export async function getPrintBatch(deps: Deps, actor: Actor, id: string): Promise<PrintBatch> {
  return toPrintBatch(await requirePrintBatch(deps, actor, id));
}

export async function printBatchPdf(deps: Deps, actor: Actor, id: string) {
  const batch = await requirePrintBatch(deps, actor, id);
  if (!batch.fileId) throw notReady();
  const file = await findStoredVariant(deps.db, { fileId: batch.fileId, variant: 'orig' });
  if (!file) throw notReady();
  return { data: file.data, fileName: `print-batch-${batch.createdAt.toISOString().slice(0, 10)}.pdf` };
}
