import type { InvoiceDelivery, InvoiceState } from '@bpw/domain/enums/invoice';
import { PaymentState, PaymentStatus } from '@bpw/domain/enums/registration';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { formatInvoiceNumber, invoiceReference } from '@bpw/domain/invoice-reference';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { eventRegistrations } from '../../db/schema/registrations';
import {
  feeRuns,
  feeSchedules,
  invoicePayments,
  invoicePositions,
  invoicePrintBatches,
  invoiceReminders,
  invoiceSettings,
  invoices,
  nationalFees,
} from '../../db/schema/invoices';

/** Issue 17: the invoices feature's reads and writes (docs/decisions/invoices.md). */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// --- who ---

/** Clubs where the person has a finance (130) relation active on `day`. */
export async function findFinanceClubIds(db: DbOrTx, params: { personId: string; day: string }): Promise<string[]> {
  const rows = await db
    .select({ clubId: clubRelations.clubId })
    .from(clubRelations)
    .where(
      and(
        eq(clubRelations.personId, params.personId),
        eq(clubRelations.type, 130),
        sql`${clubRelations.from} <= ${params.day}`,
        sql`(${clubRelations.to} is null or ${clubRelations.to} >= ${params.day})`,
      ),
    );
  return [...new Set(rows.map((r) => r.clubId))].sort();
}

export async function findClubs(db: DbOrTx, params: { ids?: readonly string[] }) {
  if (params.ids && params.ids.length === 0) return [];
  return db
    .select({ id: clubs.id, name: clubs.name })
    .from(clubs)
    .where(params.ids ? inArray(clubs.id, [...params.ids]) : undefined)
    .orderBy(asc(clubs.name), asc(clubs.id));
}

export async function findClub(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select({ id: clubs.id, name: clubs.name }).from(clubs).where(eq(clubs.id, params.id));
  return row;
}

// --- settings, schedules, national fee ---

export type SettingsRow = typeof invoiceSettings.$inferSelect;

export async function findSettings(db: DbOrTx, params: { clubId: string | null }): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceSettings)
    .where(params.clubId === null ? isNull(invoiceSettings.clubId) : eq(invoiceSettings.clubId, params.clubId));
  return row;
}

export type SettingsValues = {
  creditorName: string;
  street: string | null;
  buildingNumber: string | null;
  zip: string;
  city: string;
  countryCode: string;
  iban: string;
  paymentTermDays: number;
};

export async function saveSettings(
  tx: DbOrTx,
  params: { clubId: string | null; values: SettingsValues; by: string; now: Date },
): Promise<SettingsRow> {
  const existing = await findSettings(tx, { clubId: params.clubId });
  if (existing) {
    const [row] = await tx
      .update(invoiceSettings)
      .set({ ...params.values, updatedAt: params.now, updatedBy: params.by })
      .where(eq(invoiceSettings.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await tx
    .insert(invoiceSettings)
    .values({
      clubId: params.clubId,
      ...params.values,
      createdAt: params.now,
      createdBy: params.by,
      updatedAt: params.now,
      updatedBy: params.by,
    })
    .returning();
  return row!;
}

export type ScheduleRow = typeof feeSchedules.$inferSelect;

export async function findSchedule(db: DbOrTx, params: { clubId: string; year: number }) {
  const [row] = await db
    .select()
    .from(feeSchedules)
    .where(and(eq(feeSchedules.clubId, params.clubId), eq(feeSchedules.year, params.year)));
  return row;
}

export async function findSchedulePage(db: DbOrTx, params: { clubId: string; page: number; perPage: number }) {
  const where = eq(feeSchedules.clubId, params.clubId);
  const query = db.select().from(feeSchedules).where(where).orderBy(desc(feeSchedules.year));
  const items =
    params.perPage > 0 ? await query.limit(params.perPage).offset(params.page * params.perPage) : await query;
  const [total] = await db.select({ n: count() }).from(feeSchedules).where(where);
  return { items, total: total!.n };
}

export async function saveSchedule(
  tx: DbOrTx,
  params: {
    clubId: string;
    year: number;
    values: {
      singleCentimes: number;
      collectiveCentimes: number;
      companyCentimes: number;
      youngCentimes: number | null;
    };
    by: string;
    now: Date;
  },
): Promise<ScheduleRow> {
  const [row] = await tx
    .insert(feeSchedules)
    .values({
      clubId: params.clubId,
      year: params.year,
      ...params.values,
      createdAt: params.now,
      createdBy: params.by,
      updatedAt: params.now,
      updatedBy: params.by,
    })
    .onConflictDoUpdate({
      target: [feeSchedules.clubId, feeSchedules.year],
      set: { ...params.values, updatedAt: params.now, updatedBy: params.by },
    })
    .returning();
  return row!;
}

export type NationalFeeRow = typeof nationalFees.$inferSelect;

export async function findNationalFee(db: DbOrTx, params: { year: number }) {
  const [row] = await db.select().from(nationalFees).where(eq(nationalFees.year, params.year));
  return row;
}

export async function findNationalFeePage(db: DbOrTx, params: { page: number; perPage: number }) {
  const query = db.select().from(nationalFees).orderBy(desc(nationalFees.year));
  const items =
    params.perPage > 0 ? await query.limit(params.perPage).offset(params.page * params.perPage) : await query;
  const [total] = await db.select({ n: count() }).from(nationalFees);
  return { items, total: total!.n };
}

export async function saveNationalFee(
  tx: DbOrTx,
  params: { year: number; values: { amountCentimes: number; youngCentimes: number | null }; by: string; now: Date },
): Promise<NationalFeeRow> {
  const [row] = await tx
    .insert(nationalFees)
    .values({
      year: params.year,
      ...params.values,
      createdAt: params.now,
      createdBy: params.by,
      updatedAt: params.now,
      updatedBy: params.by,
    })
    .onConflictDoUpdate({
      target: nationalFees.year,
      set: { ...params.values, updatedAt: params.now, updatedBy: params.by },
    })
    .returning();
  return row!;
}

// --- fee run candidates ---

/**
 * A person with a member-type relation (0-3) in the club that has not ended before the year
 * before the fee year: her latest relation, preferring one active in the fee year. With her
 * correspondence data (primary address and e-mail) and whether she has an invoice for the year.
 */
export type FeeCandidateRow = {
  personId: string;
  type: number;
  activeInYear: boolean;
  personState: number;
  firstname: string | null;
  lastname: string;
  birthday: string | null;
  languageCode: string;
  bpwCourier: number | null;
  primaryClubId: string | null;
  company: string | null;
  address1: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  countryCode: string | null;
  email: string | null;
  isInvoiced: boolean;
};

export async function findFeeCandidates(
  db: DbOrTx,
  params: {
    clubId: string;
    year: number;
    afterPersonId: string | null;
    limit: number;
    /** Only this person (her first invoice on acceptance of her application). */
    personId?: string;
  },
): Promise<FeeCandidateRow[]> {
  const yearStart = `${params.year}-01-01`;
  const yearEnd = `${params.year}-12-31`;
  const since = `${params.year - 1}-01-01`;
  const after = params.afterPersonId ?? '00000000-0000-0000-0000-000000000000';
  const onlyPerson = params.personId ? sql` and cr.person_id = ${params.personId}::uuid` : sql``;
  return rowsOf<FeeCandidateRow>(
    await db.execute(sql`
      select r.person_id as "personId", r.type, r.active_in_year as "activeInYear",
        p.state as "personState", p.firstname, p.lastname, p.birthday::text as birthday,
        p.language_code as "languageCode", p.bpw_courier as "bpwCourier", p.primary_club_id as "primaryClubId",
        a.company, a.address1, a.street, a.zip, a.city, a.country_code as "countryCode", e.value as email,
        exists (
          select 1 from invoices i
          where i.person_id = r.person_id and i.club_id = ${params.clubId} and i.fee_year = ${params.year} and i.state <> 4
        ) as "isInvoiced"
      from (
        select distinct on (cr.person_id) cr.person_id, cr.type,
          (cr.from_date <= ${yearEnd}::date and (cr.to_date is null or cr.to_date >= ${yearStart}::date)) as active_in_year
        from club_relations cr
        where cr.club_id = ${params.clubId} and cr.type in (0, 1, 2, 3) and cr.person_id > ${after}::uuid${onlyPerson}
          and (cr.to_date is null or cr.to_date >= ${since}::date)
        order by cr.person_id,
          (cr.from_date <= ${yearEnd}::date and (cr.to_date is null or cr.to_date >= ${yearStart}::date)) desc,
          cr.from_date desc
        limit ${params.limit}
      ) r
      join persons p on p.id = r.person_id
      left join addresses a on a.id = p.primary_address_id
      left join address_emails e on e.id = p.primary_email_id
      order by r.person_id`),
  );
}

// --- invoices ---

export type InvoicePositionInput = {
  kind: 'clubFee' | 'nationalFee' | 'event';
  text: string;
  amountCentimes: number;
};

export type NewInvoice = {
  kind: 'fee' | 'event';
  clubId: string;
  personId: string | null;
  year: number;
  feeYear?: number | null;
  feeRunId?: string | null;
  eventId?: string | null;
  registrationId?: string | null;
  recipient: {
    name: string;
    /** Lastname, chr(1), firstname: the list's Name sort. */
    sortName: string;
    company: string | null;
    addressLine: string | null;
    street: string | null;
    buildingNumber: string | null;
    zip: string;
    city: string;
    countryCode: string;
    email: string | null;
  };
  languageCode: LanguageCode;
  creditor: Pick<SettingsRow, 'creditorName' | 'street' | 'buildingNumber' | 'zip' | 'city' | 'countryCode' | 'iban'>;
  delivery: InvoiceDelivery;
  issueDate: string;
  dueDate: string;
  positions: readonly InvoicePositionInput[];
  createdBy: string | null;
  now: Date;
};

/**
 * Inserts issued invoices with the next numbers, their references (QRR with a QR-IBAN, else
 * SCOR, from the number) and positions. One that would break a uniqueness rule (a second fee
 * invoice of a person, club and year; a second one of a registration) is skipped silently:
 * answers the ids of the invoices made, in input order (undefined where skipped).
 */
export async function insertInvoices(tx: DbOrTx, list: readonly NewInvoice[]): Promise<Array<string | undefined>> {
  if (list.length === 0) return [];
  const numbers = rowsOf<{ n: string | number }>(
    await tx.execute(sql`select nextval('invoice_number') as n from generate_series(1, ${list.length})`),
  ).map((r) => Number(r.n));
  const values = list.map((input, i) => {
    const number = numbers[i]!;
    const { type, reference } = invoiceReference(input.creditor.iban, number);
    return {
      number,
      numberText: formatInvoiceNumber(number, input.issueDate),
      kind: input.kind,
      clubId: input.clubId,
      personId: input.personId,
      year: input.year,
      feeYear: input.feeYear ?? null,
      feeRunId: input.feeRunId ?? null,
      eventId: input.eventId ?? null,
      registrationId: input.registrationId ?? null,
      recipientName: input.recipient.name,
      recipientCompany: input.recipient.company,
      recipientAddressLine: input.recipient.addressLine,
      recipientStreet: input.recipient.street,
      recipientBuildingNumber: input.recipient.buildingNumber,
      recipientZip: input.recipient.zip,
      recipientCity: input.recipient.city,
      recipientCountryCode: input.recipient.countryCode,
      recipientEmail: input.recipient.email,
      recipientSortName: input.recipient.sortName,
      languageCode: input.languageCode,
      creditorName: input.creditor.creditorName,
      creditorStreet: input.creditor.street,
      creditorBuildingNumber: input.creditor.buildingNumber,
      creditorZip: input.creditor.zip,
      creditorCity: input.creditor.city,
      creditorCountryCode: input.creditor.countryCode,
      iban: input.creditor.iban,
      referenceType: type,
      reference,
      totalCentimes: input.positions.reduce((sum, p) => sum + p.amountCentimes, 0),
      state: 1 as InvoiceState,
      delivery: input.delivery,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      createdAt: input.now,
      createdBy: input.createdBy,
      updatedAt: input.now,
      updatedBy: input.createdBy,
    };
  });
  const inserted = await tx
    .insert(invoices)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: invoices.id, number: invoices.number });
  const idOfNumber = new Map(inserted.map((r) => [Number(r.number), r.id]));
  const positions = list.flatMap((input, i) => {
    const id = idOfNumber.get(numbers[i]!);
    return id ? input.positions.map((p, position) => ({ invoiceId: id, position: position + 1, ...p })) : [];
  });
  if (positions.length) await tx.insert(invoicePositions).values(positions);
  return numbers.map((n) => idOfNumber.get(n));
}

/** One invoice for one registration or person: `insertInvoices` for a single one. */
export async function createInvoiceRow(tx: DbOrTx, input: NewInvoice): Promise<string | undefined> {
  return (await insertInvoices(tx, [input]))[0];
}

export type InvoiceRow = typeof invoices.$inferSelect;

export async function findInvoice(db: DbOrTx, params: { id: string }): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, params.id));
  return row;
}

/** The day of an invoice's latest payment (null when nothing is paid): the webhook's `paidOn`. */
export async function findLastPaidOn(db: DbOrTx, params: { invoiceId: string }): Promise<string | null> {
  const [row] = await db
    .select({ paidOn: invoicePayments.paidOn })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, params.invoiceId))
    .orderBy(desc(invoicePayments.paidOn))
    .limit(1);
  return row?.paidOn ?? null;
}

export async function findInvoiceParts(db: DbOrTx, params: { id: string }) {
  const [positions, payments, reminders] = await Promise.all([
    db
      .select()
      .from(invoicePositions)
      .where(eq(invoicePositions.invoiceId, params.id))
      .orderBy(asc(invoicePositions.position)),
    db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, params.id))
      .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt)),
    db
      .select()
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, params.id))
      .orderBy(asc(invoiceReminders.level)),
  ]);
  return { positions, payments, reminders };
}

export async function findInvoicePositions(db: DbOrTx, params: { ids: readonly string[] }) {
  if (params.ids.length === 0) return [];
  return db
    .select()
    .from(invoicePositions)
    .where(inArray(invoicePositions.invoiceId, [...params.ids]))
    .orderBy(asc(invoicePositions.invoiceId), asc(invoicePositions.position));
}

/** Sets an issued, unpaid invoice cancelled (and its registration not invoiced); false when it was not (any more). */
export async function cancelInvoiceRow(
  tx: DbOrTx,
  params: { id: string; reason: string | null; by: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({
      state: 4,
      cancelledAt: params.now,
      cancelReason: params.reason,
      updatedAt: params.now,
      updatedBy: params.by,
    })
    .where(and(eq(invoices.id, params.id), inArray(invoices.state, [0, 1]), eq(invoices.paidCentimes, 0)))
    .returning({ id: invoices.id, registrationId: invoices.registrationId });
  const registrationId = rows[0]?.registrationId;
  // An event invoice's registration is no longer invoiced: back to Unavailable / Unpaid (nothing was paid).
  if (registrationId)
    await tx
      .update(eventRegistrations)
      .set({ paymentState: PaymentState.Unavailable, paymentStatus: PaymentStatus.Unpaid })
      .where(eq(eventRegistrations.id, registrationId));
  return rows.length > 0;
}

/** A member's own invoices, newest first (index invoices_person_idx). */
export async function findOwnInvoicePage(db: DbOrTx, params: { personId: string; page: number; perPage: number }) {
  const where = eq(invoices.personId, params.personId);
  const query = db
    .select({ invoice: invoices, clubName: clubs.name })
    .from(invoices)
    .innerJoin(clubs, eq(clubs.id, invoices.clubId))
    .where(where)
    .orderBy(desc(invoices.number));
  const items =
    params.perPage > 0 ? await query.limit(params.perPage).offset(params.page * params.perPage) : await query;
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  return { items, total: total!.n };
}

// --- fee runs ---

export type FeeRunRow = typeof feeRuns.$inferSelect;

export async function insertFeeRun(
  tx: DbOrTx,
  params: { clubId: string | null; year: number; issueDate: string; by: string; now: Date },
): Promise<FeeRunRow> {
  const [row] = await tx
    .insert(feeRuns)
    .values({
      clubId: params.clubId,
      year: params.year,
      issueDate: params.issueDate,
      createdBy: params.by,
      createdAt: params.now,
    })
    .returning();
  return row!;
}

export async function setFeeRunJobs(tx: DbOrTx, params: { id: string; jobId?: string; pdfJobId?: string }) {
  await tx
    .update(feeRuns)
    .set({
      ...(params.jobId ? { jobId: params.jobId } : {}),
      ...(params.pdfJobId ? { pdfJobId: params.pdfJobId } : {}),
    })
    .where(eq(feeRuns.id, params.id));
}

export async function addToFeeRun(tx: DbOrTx, params: { id: string; count: number; totalCentimes: number }) {
  await tx
    .update(feeRuns)
    .set({
      invoiceCount: sql`${feeRuns.invoiceCount} + ${params.count}`,
      totalCentimes: sql`${feeRuns.totalCentimes} + ${params.totalCentimes}`,
    })
    .where(eq(feeRuns.id, params.id));
}

const feeRunColumns = {
  run: feeRuns,
  clubName: clubs.name,
  printBatchId: sql<
    string | null
  >`(select b.id from invoice_print_batches b where b.fee_run_id = ${feeRuns.id} order by b.created_at desc limit 1)`,
};

export async function findFeeRun(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select(feeRunColumns)
    .from(feeRuns)
    .leftJoin(clubs, eq(clubs.id, feeRuns.clubId))
    .where(eq(feeRuns.id, params.id));
  return row;
}

/** Runs of the given clubs (`all`: every run, the all-clubs ones too), newest first. */
export async function findFeeRunPage(
  db: DbOrTx,
  params: { clubIds: readonly string[] | 'all'; page: number; perPage: number },
) {
  if (params.clubIds !== 'all' && params.clubIds.length === 0) return { items: [], total: 0 };
  const where = params.clubIds === 'all' ? undefined : inArray(feeRuns.clubId, [...params.clubIds]);
  const query = db
    .select(feeRunColumns)
    .from(feeRuns)
    .leftJoin(clubs, eq(clubs.id, feeRuns.clubId))
    .where(where)
    .orderBy(desc(feeRuns.createdAt), desc(feeRuns.id));
  const items =
    params.perPage > 0 ? await query.limit(params.perPage).offset(params.page * params.perPage) : await query;
  const [total] = await db.select({ n: count() }).from(feeRuns).where(where);
  return { items, total: total!.n };
}

// --- print batches ---

export type PrintBatchRow = typeof invoicePrintBatches.$inferSelect;

export async function insertPrintBatch(
  tx: DbOrTx,
  params: { clubId: string | null; feeRunId: string | null; reminderRunId: string | null; by: string; now: Date },
): Promise<PrintBatchRow> {
  const [row] = await tx
    .insert(invoicePrintBatches)
    .values({
      clubId: params.clubId,
      feeRunId: params.feeRunId,
      reminderRunId: params.reminderRunId,
      createdBy: params.by,
      createdAt: params.now,
    })
    .returning();
  return row!;
}

export async function findPrintBatch(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select().from(invoicePrintBatches).where(eq(invoicePrintBatches.id, params.id));
  return row;
}

export async function findPrintBatchPage(
  db: DbOrTx,
  params: { clubIds: readonly string[] | 'all'; page: number; perPage: number },
) {
  if (params.clubIds !== 'all' && params.clubIds.length === 0) return { items: [], total: 0 };
  const where = params.clubIds === 'all' ? undefined : inArray(invoicePrintBatches.clubId, [...params.clubIds]);
  const query = db
    .select()
    .from(invoicePrintBatches)
    .where(where)
    .orderBy(desc(invoicePrintBatches.createdAt), desc(invoicePrintBatches.id));
  const items =
    params.perPage > 0 ? await query.limit(params.perPage).offset(params.page * params.perPage) : await query;
  const [total] = await db.select({ n: count() }).from(invoicePrintBatches).where(where);
  return { items, total: total!.n };
}
