import { createHash } from 'node:crypto';
import type { Locale } from '@bpw/domain/enums/language';
import { canManageInvoicesOf, invoiceClubsOf } from '@bpw/domain/invoice-permissions';
import type { Actor } from '@bpw/domain/permissions';
import type { BankCredit, PaymentImport } from '@bpw/domain/schemas/payment';
import { sql } from 'drizzle-orm';
import { writeAuditEntry } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, forbidden, notFound, tooManyForAll } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { translate } from '../../platform/i18n';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { loadInvoiceActor } from '../invoices/invoice-shared.service';
import { CamtError, type CamtFile, readCamt054 } from './camt054';
import { addCounts, bookCreditBatch, emptyCounts } from './payment-credits';
import {
  addImportCounts,
  type CreditRow,
  findImport,
  findImportCredits,
  findImportPage,
  type ImportRow,
  insertImport,
  setImportJob,
} from './payment-imports.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'jobs' | 'config'>;

export const PAYMENT_IMPORT_JOB_KIND = 'payment-import';
/** Credits booked in one transaction; a file with more is booked by a job, batch by batch. */
export const CREDITS_PER_BATCH = 500;
export const PAYMENT_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** Anyone who manages invoices of some club (admins: all) may import; the club is checked with the file. */
export async function authorizePayments(deps: Pick<Deps, 'db' | 'now'>, actor: Actor) {
  const scope = invoiceClubsOf(await loadInvoiceActor(deps.db, actor, deps.now()));
  if (!scope.isAllClubs && scope.clubIds.length === 0) throw forbidden();
  return scope;
}

/** Before the file is read: she manages invoices, and the club she names if she names one. */
export async function authorizeImportTo(deps: Pick<Deps, 'db' | 'now'>, actor: Actor, clubId: string | undefined) {
  const scope = await authorizePayments(deps, actor);
  if (clubId !== undefined && !scope.isAllClubs && !scope.clubIds.includes(clubId)) throw forbidden();
}

/** The clubs of the lists (null: all, admins), checked against the asked one. */
export async function paymentClubScope(deps: Pick<Deps, 'db' | 'now'>, actor: Actor, askedClubId: string | undefined) {
  const scope = await authorizePayments(deps, actor);
  if (askedClubId === undefined) return scope.isAllClubs ? null : scope.clubIds;
  if (!scope.isAllClubs && !scope.clubIds.includes(askedClubId)) throw forbidden();
  return [askedClubId];
}

export const fileProblem = (error: CamtError) => badRequest(`payment.error.${error.problem}`);

/**
 * The club of a file: the one asked for (ClubId), else the club whose invoicing account the
 * file names; an admin's file of an unknown account is matched against all clubs (null).
 */
async function importClubOf(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: Actor,
  askedClubId: string | undefined,
  file: CamtFile,
) {
  const invoiceActor = await loadInvoiceActor(deps.db, actor, deps.now());
  if (askedClubId !== undefined) {
    if (!canManageInvoicesOf(invoiceActor, askedClubId)) throw forbidden();
    return askedClubId;
  }
  const ibans = [...new Set(file.credits.flatMap((c) => (c.accountIban ? [c.accountIban] : [])))];
  const clubs =
    ibans.length === 0
      ? []
      : (
          (await deps.db.execute(sql`SELECT DISTINCT club_id FROM invoice_settings
            WHERE club_id IS NOT NULL AND iban IN (${sql.join(
              ibans.map((iban) => sql`${iban.replace(/\s+/g, '').toUpperCase()}`),
              sql`, `,
            )})`)) as unknown as { rows: { club_id: string }[] }
        ).rows;
  if (clubs.length === 1) {
    const clubId = clubs[0]!.club_id;
    if (!canManageInvoicesOf(invoiceActor, clubId)) throw forbidden();
    return clubId;
  }
  if (invoiceActor.isAdmin) return null;
  const scope = invoiceClubsOf(invoiceActor);
  if (!scope.isAllClubs && scope.clubIds.length === 1) return scope.clubIds[0]!;
  throw badRequest('payment.error.clubUnknown');
}

/** The localised summary lines of an import (issue 17: every mismatch is reported). */
export function importNotes(row: ImportRow, locale: Locale, isRunning: boolean): string[] {
  const notes: string[] = [];
  const add = (key: string, count: number) => {
    if (count > 0) notes.push(translate(locale, `payment.note.${key}`, { count }));
  };
  if (isRunning) notes.push(translate(locale, 'payment.note.running'));
  add('matched', row.matchedCount);
  add('unmatched', row.unmatchedCount);
  add('partlyPaid', row.partlyPaidCount);
  add('surplus', row.surplusCount);
  add('duplicates', row.duplicateCount);
  add('skipped', row.skippedCount);
  if (!isRunning && row.creditCount === 0) notes.push(translate(locale, 'payment.note.noCredits'));
  return notes;
}

export const toPaymentImport = (row: ImportRow, locale: Locale, isRunning = false): PaymentImport => ({
  id: row.id,
  clubId: row.clubId,
  fileName: row.fileName,
  format: row.format,
  messageId: row.messageId,
  creditCount: row.creditCount,
  matchedCount: row.matchedCount,
  unmatchedCount: row.unmatchedCount,
  duplicateCount: row.duplicateCount,
  partlyPaidCount: row.partlyPaidCount,
  surplusCount: row.surplusCount,
  skippedCount: row.skippedCount,
  totalCentimes: row.totalCentimes,
  jobId: row.jobId,
  createdAt: row.createdAt,
  notes: importNotes(row, locale, isRunning),
});

/**
 * POST payment-import (contract 25): a file that is not a camt.054 of a supported version is
 * refused with nothing stored. Up to CREDITS_PER_BATCH credits are booked at once in one
 * transaction (201); a larger file is kept and booked by a job, a batch per transaction (202).
 */
export async function importPaymentFile(
  deps: Deps,
  actor: Actor,
  params: { bytes: Buffer; fileName: string | null; clubId: string | undefined; locale: Locale },
): Promise<{ isQueued: boolean; result: PaymentImport }> {
  await authorizePayments(deps, actor);
  let file: CamtFile;
  try {
    file = await readCamt054(params.bytes);
  } catch (error) {
    if (error instanceof CamtError) throw fileProblem(error);
    throw error;
  }
  const clubId = await importClubOf(deps, actor, params.clubId, file);
  const now = deps.now();
  const today = isoDateInSwitzerland(now);
  const isLarge = file.credits.length > CREDITS_PER_BATCH;
  const skipped = file.skipped.debits + file.skipped.reversals + file.skipped.notBooked;
  const id = await deps.db.transaction(async (tx) => {
    const importId = await insertImport(tx, {
      clubId,
      fileName: params.fileName?.slice(0, 200) ?? null,
      fileSha256: createHash('sha256').update(params.bytes).digest('hex'),
      messageId: file.messageId?.slice(0, 200) ?? null,
      format: `camt.054.001.0${file.version}`,
      skippedCount: skipped,
      // The job books the credits as read here: the file is not parsed twice.
      content: isLarge ? Buffer.from(JSON.stringify(file.credits)) : null,
      createdBy: actor.personId,
      now,
    });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'created',
      entity: 'paymentImport',
      entityId: importId,
      at: now,
      details: { credits: file.credits.length, clubId },
    });
    if (isLarge) {
      const jobId = await enqueueJob(tx, {
        kind: PAYMENT_IMPORT_JOB_KIND,
        ownerPersonId: actor.personId,
        params: { importId },
        total: file.credits.length,
      });
      await setImportJob(tx, { id: importId, jobId });
      return importId;
    }
    let counts = emptyCounts();
    for (let start = 0; start < file.credits.length; start += CREDITS_PER_BATCH) {
      const credits = file.credits.slice(start, start + CREDITS_PER_BATCH);
      const batch = await bookCreditBatch(tx, { importId, clubId, credits, actorPersonId: actor.personId, now, today });
      counts = addCounts(counts, batch);
    }
    await addImportCounts(tx, { id: importId, counts });
    return importId;
  });
  if (isLarge) deps.jobs.kick();
  const row = (await findImport(deps.db, { id }))!;
  return { isQueued: isLarge, result: toPaymentImport(row, params.locale, isLarge) };
}

async function requireImport(deps: Pick<Deps, 'db' | 'now'>, actor: Actor, id: string) {
  const row = await findImport(deps.db, { id });
  if (!row) throw notFound();
  const scope = await authorizePayments(deps, actor);
  // Another club's import (or an admin's all-clubs one) is not hers to see.
  if (!scope.isAllClubs && (row.clubId === null || !scope.clubIds.includes(row.clubId))) throw forbidden();
  return row;
}

const isRunningJob = async (deps: Pick<Deps, 'db' | 'now'>, jobId: string | null) => {
  if (!jobId) return false;
  const result = await deps.db.execute(sql`SELECT state FROM jobs WHERE id = ${jobId}::uuid`);
  const state = (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
  return state === 'queued' || state === 'running';
};

export const toBankCredit = (row: CreditRow): BankCredit => ({
  id: row.id,
  importId: row.importId,
  clubId: row.clubId,
  reference: row.reference,
  referenceType: row.referenceType,
  amountCentimes: row.amountCentimes,
  bookingDate: row.bookingDate,
  debtorName: row.debtorName,
  unstructuredText: row.unstructuredText,
  state: row.state,
  unmatchedReason: row.unmatchedReason,
  invoiceId: row.invoiceId,
  invoiceNumber: row.invoiceNumber,
});

const pageOf = (deps: Pick<Deps, 'config'>, query: { Page: number; PerPage: number }) => ({
  limit: query.PerPage === 0 ? deps.config.listAllLimit + 1 : query.PerPage,
  offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
});

const checkAll = <T>(deps: Pick<Deps, 'config'>, query: { PerPage: number }, page: { items: T[]; total: number }) => {
  if (query.PerPage === 0 && page.total > deps.config.listAllLimit) throw tooManyForAll(deps.config.listAllLimit);
  return page;
};

/** GET payment-import/{id}: the import with its credits (paged). */
export async function getPaymentImport(
  deps: Deps,
  actor: Actor,
  params: { id: string; Page: number; PerPage: number; locale: Locale },
) {
  const row = await requireImport(deps, actor, params.id);
  const credits = checkAll(
    deps,
    params,
    await findImportCredits(deps.db, { importId: row.id, ...pageOf(deps, params) }),
  );
  return {
    ...toPaymentImport(row, params.locale, await isRunningJob(deps, row.jobId)),
    credits: { items: credits.items.map(toBankCredit), total: credits.total },
  };
}

/** GET payment-import: newest first. */
export async function listPaymentImports(
  deps: Deps,
  actor: Actor,
  query: { ClubId?: string | undefined; Page: number; PerPage: number; locale: Locale },
) {
  const clubIds = await paymentClubScope(deps, actor, query.ClubId);
  const page = checkAll(deps, query, await findImportPage(deps.db, { clubIds, ...pageOf(deps, query) }));
  const items = [];
  for (const row of page.items) items.push(toPaymentImport(row, query.locale, await isRunningJob(deps, row.jobId)));
  return { items, total: page.total };
}
