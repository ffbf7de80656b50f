import { InvoiceState } from '@bpw/domain/enums/invoice';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { storedFiles, storedFileVariants } from '../../db/schema/files';

/**
 * Reminder runs (issue 17): which overdue invoices of a club get a first or second reminder.
 * First: open (issued or partly paid), due before today, not reminded yet. Second: open,
 * reminded once, and the first reminder's own deadline passed. Each invoice gets a level once
 * (unique invoice + level), so running again reminds nobody twice.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const open = sql.raw(`(${InvoiceState.issued}, ${InvoiceState.partlyPaid})`);

/** The WHERE of the invoices a run of `level` reminds (alias i; r = the first reminder). */
const dueFor = (level: 1 | 2, today: string) =>
  level === 1
    ? sql`i.reminder_level = 0`
    : sql`i.reminder_level = 1 AND EXISTS (SELECT 1 FROM invoice_reminders r
        WHERE r.invoice_id = i.id AND r.level = 1 AND r.due_date < ${today}::date)`;

const overdueOf = (clubId: string, today: string) =>
  sql`i.club_id = ${clubId}::uuid AND i.state IN ${open} AND i.due_date < ${today}::date`;

export async function countReminderCandidates(
  db: DbOrTx,
  params: { clubId: string; level: 1 | 2; today: string },
): Promise<{ count: number; openCentimes: number; mailCount: number; printCount: number }> {
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      SELECT count(*) AS n, coalesce(sum(greatest(i.total_centimes - i.paid_centimes, 0)), 0) AS open,
        count(*) FILTER (WHERE i.delivery = 0 AND i.recipient_email IS NOT NULL) AS mail
      FROM invoices i WHERE ${overdueOf(params.clubId, params.today)} AND ${dueFor(params.level, params.today)}`),
  );
  const count = Number(row?.n ?? 0);
  const mail = Number(row?.mail ?? 0);
  return { count, openCentimes: Number(row?.open ?? 0), mailCount: mail, printCount: count - mail };
}

export type ReminderOmission = {
  invoiceId: string;
  number: string;
  recipientName: string;
  dueDate: string;
  reminderLevel: number;
  reason: 'alreadyReminded' | 'noFirstReminder' | 'firstReminderNotDue';
};

/** Overdue invoices the run leaves out, and why, by due date. */
export async function findReminderOmissions(
  db: DbOrTx,
  params: { clubId: string; level: 1 | 2; today: string; limit: number | null; offset: number },
): Promise<{ items: ReminderOmission[]; byReason: Record<ReminderOmission['reason'], number>; total: number }> {
  const reason =
    params.level === 1
      ? sql`CASE WHEN i.reminder_level >= 1 THEN 'alreadyReminded' END`
      : sql`CASE WHEN i.reminder_level = 0 THEN 'noFirstReminder' WHEN i.reminder_level >= 2 THEN 'alreadyReminded'
          WHEN NOT (${dueFor(2, params.today)}) THEN 'firstReminderNotDue' END`;
  const base = sql`SELECT i.id, i.number, i.number_text, i.recipient_name, i.due_date::text AS due_date, i.reminder_level,
      ${reason} AS reason FROM invoices i WHERE ${overdueOf(params.clubId, params.today)}`;
  const counts = rowsOf<{ reason: string; n: string | number }>(
    await db.execute(sql`SELECT reason, count(*) AS n FROM (${base}) x WHERE reason IS NOT NULL GROUP BY reason`),
  );
  const byReason = { alreadyReminded: 0, noFirstReminder: 0, firstReminderNotDue: 0 };
  for (const c of counts) byReason[c.reason as ReminderOmission['reason']] = Number(c.n);
  const total = Object.values(byReason).reduce((a, b) => a + b, 0);
  const limit = params.limit === null ? sql`` : sql` LIMIT ${params.limit}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM (${base}) x WHERE reason IS NOT NULL
      ORDER BY due_date, number${limit} OFFSET ${params.offset}`),
  );
  return {
    items: rows.map((r) => ({
      invoiceId: String(r.id),
      number: String(r.number_text),
      recipientName: String(r.recipient_name),
      dueDate: String(r.due_date),
      reminderLevel: Number(r.reminder_level),
      reason: r.reason as ReminderOmission['reason'],
    })),
    byReason,
    total,
  };
}

export type ReminderCandidate = {
  id: string;
  number: number;
  personId: string | null;
  delivery: number;
  email: string | null;
  languageCode: string;
  numberText: string;
};

/** The next invoices a run reminds, after invoice number `after`, locked (the job's unit). */
export async function lockReminderCandidates(
  tx: DbOrTx,
  params: { clubId: string; level: 1 | 2; today: string; after: number; limit: number },
): Promise<ReminderCandidate[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      SELECT i.id, i.number, i.person_id, i.delivery, i.recipient_email, i.language_code, i.number_text FROM invoices i
      WHERE ${overdueOf(params.clubId, params.today)} AND ${dueFor(params.level, params.today)} AND i.number > ${params.after}
      ORDER BY i.number LIMIT ${params.limit} FOR UPDATE OF i`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    number: Number(r.number),
    personId: (r.person_id as string | null) ?? null,
    delivery: Number(r.delivery),
    email: (r.recipient_email as string | null) ?? null,
    languageCode: String(r.language_code),
    numberText: String(r.number_text),
  }));
}

/** Inserts the reminders (one per invoice and level; an existing one is skipped): the ids made per invoice. */
export async function insertReminders(
  tx: DbOrTx,
  params: {
    runId: string;
    level: 1 | 2;
    remindedOn: string;
    dueDate: string;
    rows: ReadonlyArray<{ invoiceId: string; delivery: number }>;
  },
): Promise<Map<string, string>> {
  if (params.rows.length === 0) return new Map();
  const inserted = rowsOf<{ id: string; invoice_id: string }>(
    await tx.execute(sql`
      INSERT INTO invoice_reminders (run_id, invoice_id, level, delivery, reminded_on, due_date)
      VALUES ${sql.join(
        params.rows.map(
          (r) => sql`(${params.runId}::uuid, ${r.invoiceId}::uuid, ${params.level}, ${r.delivery},
            ${params.remindedOn}::date, ${params.dueDate}::date)`,
        ),
        sql`, `,
      )}
      ON CONFLICT (invoice_id, level) DO NOTHING
      RETURNING id, invoice_id`),
  );
  if (inserted.length > 0) {
    await tx.execute(sql`
      UPDATE invoices SET reminder_level = ${params.level}, last_reminded_on = ${params.remindedOn}::date
      WHERE id IN (${sql.join(
        inserted.map((r) => sql`${r.invoice_id}::uuid`),
        sql`, `,
      )})`);
    await tx.execute(sql`UPDATE reminder_runs SET reminder_count = reminder_count + ${inserted.length}
      WHERE id = ${params.runId}::uuid`);
  }
  return new Map(inserted.map((r) => [r.invoice_id, r.id]));
}

/** Stores a reminder's PDF and links it (and when its mail was queued). */
export async function storeReminderPdf(
  tx: DbOrTx,
  params: { reminderId: string; pdf: Buffer; mailedAt: Date | null },
): Promise<string> {
  const [file] = await tx
    .insert(storedFiles)
    .values({ kind: 'reminder_pdf', mimeType: 'application/pdf', byteSize: params.pdf.length })
    .returning({ id: storedFiles.id });
  await tx
    .insert(storedFileVariants)
    .values({ fileId: file!.id, variant: 'orig', mimeType: 'application/pdf', data: new Uint8Array(params.pdf) });
  await tx.execute(sql`UPDATE invoice_reminders SET pdf_file_id = ${file!.id}::uuid,
    mailed_at = ${params.mailedAt?.toISOString() ?? null}::timestamptz WHERE id = ${params.reminderId}::uuid`);
  return file!.id;
}

export type ReminderRunRow = {
  id: string;
  clubId: string;
  level: number;
  overdueBefore: string;
  reminderCount: number;
  jobId: string | null;
  createdAt: string;
};

const runColumns = sql`id, club_id, level, overdue_before::text AS overdue_before, reminder_count, job_id, created_at`;
const toRun = (r: Record<string, unknown>): ReminderRunRow => ({
  id: String(r.id),
  clubId: String(r.club_id),
  level: Number(r.level),
  overdueBefore: String(r.overdue_before),
  reminderCount: Number(r.reminder_count),
  jobId: (r.job_id as string | null) ?? null,
  createdAt: new Date(r.created_at as string).toISOString().replace(/\.\d{3}Z$/, 'Z'),
});

export async function insertReminderRun(
  tx: DbOrTx,
  params: { clubId: string; level: 1 | 2; overdueBefore: string; by: string; now: Date },
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`INSERT INTO reminder_runs (club_id, level, overdue_before, created_by, created_at)
      VALUES (${params.clubId}::uuid, ${params.level}, ${params.overdueBefore}::date, ${params.by}::uuid,
        ${params.now.toISOString()}::timestamptz) RETURNING id`),
  );
  return row!.id;
}

export async function setReminderRunJob(tx: DbOrTx, params: { id: string; jobId: string }) {
  await tx.execute(sql`UPDATE reminder_runs SET job_id = ${params.jobId}::uuid WHERE id = ${params.id}::uuid`);
}

export async function findReminderRun(db: DbOrTx, params: { id: string }): Promise<ReminderRunRow | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${runColumns} FROM reminder_runs WHERE id = ${params.id}::uuid`),
  );
  return row ? toRun(row) : undefined;
}

export async function findReminderRunPage(
  db: DbOrTx,
  params: { clubIds: readonly string[] | null; limit: number | null; offset: number },
): Promise<{ items: ReminderRunRow[]; total: number }> {
  const where =
    params.clubIds === null
      ? sql`true`
      : params.clubIds.length === 0
        ? sql`false`
        : sql`club_id IN (${sql.join(
            params.clubIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
  const [count] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM reminder_runs WHERE ${where}`),
  );
  const limit = params.limit === null ? sql`` : sql` LIMIT ${params.limit}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${runColumns} FROM reminder_runs WHERE ${where}
      ORDER BY created_at DESC, id DESC${limit} OFFSET ${params.offset}`),
  );
  return { items: rows.map(toRun), total: Number(count?.n ?? 0) };
}
