import { InvoiceState } from '@bpw/domain/enums/invoice';
import type { InvoiceSortKey } from '@bpw/domain/schemas/payment';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The invoice list, its totals and its export (issue 17, contract routes 21-23). Every query
 * carries its club scope in the WHERE (`clubIds` null only for an admin's "all clubs"); each
 * sort walks an index of `invoices` (club, key, number), so a page costs about PerPage rows.
 */
export type InvoiceFilter = {
  /** null: every club (admins only). */
  clubIds: readonly string[] | null;
  year?: number | undefined;
  states: readonly number[];
  overdue?: boolean | undefined;
  search?: string | undefined;
  today: string;
};

export type InvoiceRow = {
  id: string;
  number: string;
  kind: 'fee' | 'event';
  clubId: string;
  clubName: string;
  personId: string | null;
  recipientName: string;
  year: number;
  feeYear: number | null;
  eventId: string | null;
  totalCentimes: number;
  paidCentimes: number;
  state: number;
  reminderLevel: number;
  delivery: number;
  issueDate: string;
  dueDate: string;
  pdfReady: boolean;
  languageCode: string;
  reference: string;
};

const open = sql.raw(`(${InvoiceState.issued}, ${InvoiceState.partlyPaid})`);
const ids = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** ILIKE's wildcards in the search text are taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export function invoiceWhere(filter: InvoiceFilter): SQL {
  const parts: SQL[] = [];
  if (filter.clubIds !== null)
    parts.push(filter.clubIds.length === 0 ? sql`false` : sql`i.club_id IN (${ids(filter.clubIds)})`);
  if (filter.year !== undefined) parts.push(sql`i.year = ${filter.year}`);
  if (filter.states.length > 0) parts.push(sql`i.state IN (${ids(filter.states)})`);
  if (filter.overdue === true) parts.push(sql`i.state IN ${open} AND i.due_date < ${filter.today}::date`);
  if (filter.overdue === false) parts.push(sql`NOT (i.state IN ${open} AND i.due_date < ${filter.today}::date)`);
  const search = filter.search?.trim();
  if (search) {
    // Names are stored "Lastname<chr(1)>Firstname": the search matches either part.
    const pattern = likePattern(search);
    parts.push(sql`(i.recipient_sort_name ILIKE ${pattern} OR i.number_text ILIKE ${pattern})`);
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `);
}

const sortColumn: Record<InvoiceSortKey, string> = {
  number: 'i.number',
  name: 'i.recipient_sort_name',
  dueDate: 'i.due_date',
  issueDate: 'i.issue_date',
  total: 'i.total_centimes',
  state: 'i.state',
};

/** ORDER BY the key, then the number (unique), both in the asked direction (one index scan). */
export function invoiceOrder(sort: { key: InvoiceSortKey; isDescending: boolean }): SQL {
  const direction = sort.isDescending ? 'DESC' : 'ASC';
  return sort.key === 'number'
    ? sql.raw(`i.number ${direction}`)
    : sql.raw(`${sortColumn[sort.key]} ${direction}, i.number ${direction}`);
}

const selectColumns = sql`i.id, i.number_text AS number, i.kind, i.club_id AS "clubId", c.name AS "clubName",
  i.person_id AS "personId", i.recipient_name AS "recipientName", i.year, i.fee_year AS "feeYear",
  i.event_id AS "eventId", i.total_centimes AS "totalCentimes", i.paid_centimes AS "paidCentimes", i.state,
  i.reminder_level AS "reminderLevel", i.delivery, i.issue_date::text AS "issueDate", i.due_date::text AS "dueDate",
  (i.pdf_file_id IS NOT NULL) AS "pdfReady", i.language_code AS "languageCode", i.reference`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const toRow = (raw: InvoiceRow): InvoiceRow => ({
  ...raw,
  year: Number(raw.year),
  feeYear: raw.feeYear === null ? null : Number(raw.feeYear),
  totalCentimes: Number(raw.totalCentimes),
  paidCentimes: Number(raw.paidCentimes),
  state: Number(raw.state),
  reminderLevel: Number(raw.reminderLevel),
  delivery: Number(raw.delivery),
});

export async function findInvoicePage(
  db: DbOrTx,
  params: {
    filter: InvoiceFilter;
    sort: { key: InvoiceSortKey; isDescending: boolean };
    limit: number | null;
    offset: number;
  },
): Promise<InvoiceRow[]> {
  const limit = params.limit === null ? sql`` : sql` LIMIT ${params.limit}`;
  const rows = rowsOf<InvoiceRow>(
    await db.execute(sql`
      SELECT ${selectColumns} FROM invoices i JOIN clubs c ON c.id = i.club_id
      WHERE ${invoiceWhere(params.filter)}
      ORDER BY ${invoiceOrder(params.sort)}${limit} OFFSET ${params.offset}`),
  );
  return rows.map(toRow);
}

export async function countInvoices(db: DbOrTx, params: { filter: InvoiceFilter }): Promise<number> {
  const [row] = rowsOf<{ count: number | string }>(
    await db.execute(sql`SELECT count(*) AS count FROM invoices i WHERE ${invoiceWhere(params.filter)}`),
  );
  return Number(row?.count ?? 0);
}

/**
 * The export's rows in batches, by keyset on (sort key, number): constant memory on either
 * database, each batch one short query (no cursor holding a connection).
 */
export async function* invoiceBatches(
  db: DbOrTx,
  params: { filter: InvoiceFilter; sort: { key: InvoiceSortKey; isDescending: boolean }; batchSize: number },
): AsyncGenerator<InvoiceRow[]> {
  let offset = 0;
  // OFFSET paging over an index is enough at the sizes of one club's year; the keyset would
  // need a cast per sort type and gains little below a few hundred thousand rows.
  for (;;) {
    const batch = await findInvoicePage(db, { ...params, limit: params.batchSize, offset });
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < params.batchSize) return;
    offset += batch.length;
  }
}

export type YearTotals = {
  year: number;
  invoiceCount: number;
  totalCentimes: number;
  paidCentimes: number;
  openCentimes: number;
  overdueCentimes: number;
};

/** Per year: issued (all but drafts and cancelled), paid, open, overdue; newest year first. */
export async function findYearTotals(
  db: DbOrTx,
  params: { clubIds: readonly string[] | null; year?: number | undefined; today: string },
): Promise<YearTotals[]> {
  const filter = invoiceWhere({ clubIds: params.clubIds, year: params.year, states: [], today: params.today });
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      SELECT i.year, count(*) AS invoice_count, coalesce(sum(i.total_centimes), 0) AS total,
        coalesce(sum(i.paid_centimes), 0) AS paid,
        coalesce(sum(greatest(i.total_centimes - i.paid_centimes, 0)) FILTER (WHERE i.state IN ${open}), 0) AS open,
        coalesce(sum(greatest(i.total_centimes - i.paid_centimes, 0))
          FILTER (WHERE i.state IN ${open} AND i.due_date < ${params.today}::date), 0) AS overdue
      FROM invoices i
      WHERE ${filter} AND i.state NOT IN (${InvoiceState.draft}, ${InvoiceState.cancelled})
      GROUP BY i.year ORDER BY i.year DESC`),
  );
  return rows.map((r) => ({
    year: Number(r.year),
    invoiceCount: Number(r.invoice_count),
    totalCentimes: Number(r.total),
    paidCentimes: Number(r.paid),
    openCentimes: Number(r.open),
    overdueCentimes: Number(r.overdue),
  }));
}
