import { PassThrough, type Readable } from 'node:stream';
import { invoiceDeliveryEnum, invoiceStateEnum } from '@bpw/domain/enums/invoice';
import type { Locale } from '@bpw/domain/enums/language';
import type { Actor } from '@bpw/domain/permissions';
import { invoiceClubsOf } from '@bpw/domain/invoice-permissions';
import { isOverdue, openCentimes } from '@bpw/domain/invoice-state';
import type { InvoiceListItem } from '@bpw/domain/schemas/invoice';
import type { InvoiceExportQuery, InvoiceListQuery, InvoiceTotals } from '@bpw/domain/schemas/payment';
import { writeAuditEntry } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { forbidden, tooManyForAll } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { translate } from '../../platform/i18n';
import { writeWorkbook } from '../../platform/xlsx/write-workbook';
import { loadInvoiceActor } from '../invoices/invoice-shared.service';
import {
  countInvoices,
  findInvoicePage,
  findYearTotals,
  type InvoiceFilter,
  type InvoiceRow,
  invoiceBatches,
} from './invoice-list.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config'>;

/**
 * The clubs a list may show: the asked ones, each of which the caller must manage (403
 * otherwise), or all she manages (admins: every club, null).
 */
export async function invoiceClubScope(deps: Pick<Deps, 'db' | 'now'>, actor: Actor, asked: readonly string[]) {
  const scope = invoiceClubsOf(await loadInvoiceActor(deps.db, actor, deps.now()));
  if (!scope.isAllClubs && scope.clubIds.length === 0) throw forbidden();
  if (asked.length === 0) return scope.isAllClubs ? null : scope.clubIds;
  if (!scope.isAllClubs && asked.some((id) => !scope.clubIds.includes(id))) throw forbidden();
  return [...new Set(asked)];
}

const filterOf = (
  query: Pick<InvoiceListQuery, 'Year' | 'State' | 'Overdue' | 'Search'>,
  clubIds: readonly string[] | null,
  today: string,
): InvoiceFilter => ({
  clubIds,
  year: query.Year,
  states: query.State,
  overdue: query.Overdue,
  search: query.Search,
  today,
});

/** The first SortBy with its direction; default: number, newest first. */
const sortOf = (query: Pick<InvoiceListQuery, 'SortBy' | 'SortDesc'>) => {
  const key = query.SortBy[0];
  return key ? { key, isDescending: query.SortDesc[0] ?? false } : { key: 'number' as const, isDescending: true };
};

export const toListItem = (row: InvoiceRow, today: string): InvoiceListItem => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  clubId: row.clubId,
  clubName: row.clubName,
  personId: row.personId,
  recipientName: row.recipientName,
  year: row.year,
  feeYear: row.feeYear,
  eventId: row.eventId,
  totalCentimes: row.totalCentimes,
  paidCentimes: row.paidCentimes,
  openCentimes: openCentimes(row),
  state: row.state as InvoiceListItem['state'],
  reminderLevel: row.reminderLevel,
  delivery: row.delivery as InvoiceListItem['delivery'],
  issueDate: row.issueDate,
  dueDate: row.dueDate,
  isOverdue: isOverdue(row, today),
  pdfReady: row.pdfReady,
});

/** GET invoice (contract 21). */
export async function listInvoices(
  deps: Deps,
  actor: Actor,
  query: InvoiceListQuery,
): Promise<{ items: InvoiceListItem[]; total: number }> {
  const clubIds = await invoiceClubScope(deps, actor, query.ClubId);
  const today = isoDateInSwitzerland(deps.now());
  const filter = filterOf(query, clubIds, today);
  const total = await countInvoices(deps.db, { filter });
  if (query.PerPage === 0 && total > deps.config.listAllLimit) throw tooManyForAll(deps.config.listAllLimit);
  const rows =
    total === 0
      ? []
      : await findInvoicePage(deps.db, {
          filter,
          sort: sortOf(query),
          limit: query.PerPage === 0 ? null : query.PerPage,
          offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
        });
  return { items: rows.map((row) => toListItem(row, today)), total };
}

/** GET invoice-totals (contract 22). */
export async function invoiceTotals(
  deps: Deps,
  actor: Actor,
  query: { ClubId: string[]; Year?: number | undefined },
): Promise<InvoiceTotals> {
  const clubIds = await invoiceClubScope(deps, actor, query.ClubId);
  const items = await findYearTotals(deps.db, {
    clubIds,
    year: query.Year,
    today: isoDateInSwitzerland(deps.now()),
  });
  return { items };
}

const chf = (centimes: number) => centimes / 100;

const exportColumns = (locale: Locale) =>
  (
    [
      ['number', 14],
      ['club', 24],
      ['recipient', 28],
      ['year', 8],
      ['issueDate', 12],
      ['dueDate', 12],
      ['total', 12],
      ['paid', 12],
      ['open', 12],
      ['state', 16],
      ['reminderLevel', 10],
      ['delivery', 12],
      ['reference', 34],
    ] as const
  ).map(([key, width]) => ({ header: translate(locale, `payment.export.${key}`), width }));

/**
 * GET invoice-export (contract 23): the list's rows as xlsx, written while they are read
 * (platform/xlsx), so memory stays flat at any size. The export is recorded in the audit trail.
 */
export async function startInvoiceExport(
  deps: Deps & { log: { warn: (o: object, m: string) => void } },
  actor: Actor,
  locale: Locale,
  query: InvoiceExportQuery,
): Promise<{ fileName: string; stream: Readable }> {
  const clubIds = await invoiceClubScope(deps, actor, query.ClubId);
  const now = deps.now();
  const today = isoDateInSwitzerland(now);
  const filter = filterOf(query, clubIds, today);
  await writeAuditEntry(deps.db, {
    actorPersonId: actor.personId,
    action: 'exported',
    entity: 'invoice',
    entityId: actor.personId,
    at: now,
    details: { clubIds, year: query.Year ?? null, states: query.State, overdue: query.Overdue ?? null },
  });
  const stream = new PassThrough();
  const stateLabel = (state: number) => translate(locale, invoiceStateEnum.labelKey(state as never));
  const deliveryLabel = (delivery: number) => translate(locale, invoiceDeliveryEnum.labelKey(delivery as never));
  writeWorkbook<InvoiceRow>({
    output: stream,
    sheet: { name: translate(locale, 'payment.export.sheet'), columns: exportColumns(locale) },
    batches: invoiceBatches(deps.db, { filter, sort: sortOf(query), batchSize: 1000 }),
    toRow: (row) => [
      row.number,
      row.clubName,
      row.recipientName,
      row.year,
      new Date(`${row.issueDate}T00:00:00Z`),
      new Date(`${row.dueDate}T00:00:00Z`),
      chf(row.totalCentimes),
      chf(row.paidCentimes),
      chf(openCentimes(row)),
      stateLabel(row.state),
      row.reminderLevel,
      deliveryLabel(row.delivery),
      row.reference,
    ],
  }).catch((error: unknown) => {
    deps.log.warn({ error: (error as Error).name }, 'invoice export broken off');
    stream.destroy(error as Error);
  });
  return { fileName: `invoices-${today}.xlsx`, stream };
}
