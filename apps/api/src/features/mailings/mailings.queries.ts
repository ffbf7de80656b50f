import type { MailingAudience, MailingText, RecipientState } from '@bpw/domain/schemas/mailing';
import { type SQL, and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { events } from '../../db/schema/events';
import { mailingAttachments, mailingLists, mailingRecipients, mailings } from '../../db/schema/mailings';

export type MailingRow = typeof mailings.$inferSelect;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function findMailing(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select().from(mailings).where(eq(mailings.id, params.id));
  return row;
}

export async function insertMailing(tx: DbOrTx, values: typeof mailings.$inferInsert) {
  const [row] = await tx.insert(mailings).values(values).returning();
  return row!;
}

/** Changes a draft; undefined when it is no longer one (it was sent meanwhile). */
export async function updateDraft(
  tx: DbOrTx,
  params: {
    id: string;
    values: Pick<
      typeof mailings.$inferInsert,
      'clubId' | 'audienceKind' | 'audience' | 'eventId' | 'mailingListId' | 'isAdvertising' | 'texts'
    >;
    now: Date;
  },
) {
  const [row] = await tx
    .update(mailings)
    .set({ ...params.values, updatedAt: params.now })
    .where(and(eq(mailings.id, params.id), eq(mailings.state, 'draft')))
    .returning();
  return row;
}

export async function deleteDraft(tx: DbOrTx, params: { id: string }) {
  const rows = await tx
    .delete(mailings)
    .where(and(eq(mailings.id, params.id), eq(mailings.state, 'draft')))
    .returning({ id: mailings.id });
  return rows[0];
}

/** Moves a draft to `queued` with its job; false when it is no longer a draft. */
export async function markQueued(tx: DbOrTx, params: { id: string; jobId: string; now: Date }) {
  const rows = await tx
    .update(mailings)
    .set({ state: 'queued', jobId: params.jobId, sendRequestedAt: params.now, updatedAt: params.now })
    .where(and(eq(mailings.id, params.id), eq(mailings.state, 'draft')))
    .returning({ id: mailings.id });
  return rows.length === 1;
}

export async function markSending(
  tx: DbOrTx,
  params: { id: string; queued: number; skipped: number; withoutEmail: number },
) {
  const rows = await tx
    .update(mailings)
    .set({
      state: 'sending',
      recipientTotal: params.queued,
      withoutConsent: params.skipped,
      withoutEmail: params.withoutEmail,
      updatedAt: new Date(),
    })
    .where(and(eq(mailings.id, params.id), eq(mailings.state, 'queued')))
    .returning({ id: mailings.id });
  return rows.length === 1;
}

/**
 * Cancels a mailing being sent: the recipients not yet given to the outbox, and those whose
 * outbox mail has not been claimed by a sender, become cancelled (a claimed one is under way and
 * is left to finish: nothing is sent twice or half). False when it was not queued or sending.
 */
export async function cancelMailing(tx: DbOrTx, params: { id: string; now: Date }) {
  const rows = await tx
    .update(mailings)
    .set({ state: 'cancelled', finishedAt: params.now, updatedAt: params.now })
    .where(and(eq(mailings.id, params.id), inArray(mailings.state, ['queued', 'sending'])))
    .returning({ id: mailings.id });
  if (rows.length === 0) return false;
  await tx.execute(sql`
    with stopped as (
      update mail_outbox o set status = 'cancelled', lease_until = null
      from mailing_recipients r
      where r.mailing_id = ${params.id} and r.state = 'handed' and o.id = r.outbox_id and o.status = 'pending'
      returning o.id)
    update mailing_recipients r set state = 'cancelled'
    where r.mailing_id = ${params.id}
      and (r.state = 'queued' or (r.state = 'handed' and r.outbox_id in (select id from stopped)))`);
  return true;
}

export async function findAttachments(db: DbOrTx, params: { mailingId: string }) {
  return db
    .select({
      id: mailingAttachments.id,
      storedFileId: mailingAttachments.storedFileId,
      filename: mailingAttachments.filename,
      contentType: mailingAttachments.contentType,
      byteSize: mailingAttachments.byteSize,
    })
    .from(mailingAttachments)
    .where(eq(mailingAttachments.mailingId, params.mailingId))
    .orderBy(asc(mailingAttachments.createdAt), asc(mailingAttachments.id));
}

export async function insertAttachment(tx: DbOrTx, values: typeof mailingAttachments.$inferInsert) {
  const [row] = await tx.insert(mailingAttachments).values(values).returning();
  return row!;
}

export async function deleteAttachment(tx: DbOrTx, params: { mailingId: string; id: string }) {
  const [row] = await tx
    .delete(mailingAttachments)
    .where(and(eq(mailingAttachments.id, params.id), eq(mailingAttachments.mailingId, params.mailingId)))
    .returning({ storedFileId: mailingAttachments.storedFileId });
  return row;
}

/** Locks the mailing row: two uploads at once cannot pass the 10 MB sum together. */
export async function lockMailing(tx: DbOrTx, params: { id: string }) {
  const [row] = rowsOf<{ state: string }>(
    await tx.execute(sql`select state from mailings where id = ${params.id} for update`),
  );
  return row;
}

/** Names for the audience label: the club's, the event's title, the list's. */
export async function findAudienceNames(
  db: DbOrTx,
  params: { clubId: string | null; eventId: string | null; listId: string | null },
) {
  const [row] = rowsOf<{ club: string | null; event: string | null; list: string | null }>(
    await db.execute(sql`select
      (select name from ${clubs} where id = ${params.clubId}) as club,
      (select title from ${events} where id = ${params.eventId}) as event,
      (select name from ${mailingLists} where id = ${params.listId}) as list`),
  );
  return row ?? { club: null, event: null, list: null };
}

export async function findEventClub(db: DbOrTx, params: { eventId: string }) {
  const [row] = await db
    .select({ responsibleClubId: events.responsibleClubId })
    .from(events)
    .where(eq(events.id, params.eventId));
  return row;
}

export async function clubExists(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, params.id));
  return row !== undefined;
}

/** The archive: a club's mailings (null: the association's), newest first, one index range. */
export async function findMailingPage(
  db: DbOrTx,
  params: {
    clubId: string | null;
    states: readonly string[];
    kinds: readonly string[];
    limit: number;
    offset: number;
  },
) {
  const where = and(
    params.clubId === null ? isNull(mailings.clubId) : eq(mailings.clubId, params.clubId),
    params.states.length ? inArray(mailings.state, [...params.states]) : undefined,
    params.kinds.length ? inArray(mailings.audienceKind, [...params.kinds] as MailingAudience['kind'][]) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: mailings.id,
        clubId: mailings.clubId,
        audienceKind: mailings.audienceKind,
        audience: mailings.audience,
        eventId: mailings.eventId,
        mailingListId: mailings.mailingListId,
        texts: mailings.texts,
        state: mailings.state,
        isAdvertising: mailings.isAdvertising,
        recipientTotal: mailings.recipientTotal,
        createdAt: mailings.createdAt,
        sendRequestedAt: mailings.sendRequestedAt,
        finishedAt: mailings.finishedAt,
        sent: sql<number>`(select count(*)::int from mailing_recipients r where r.mailing_id = "mailings"."id" and r.state = 'sent')`,
        failed: sql<number>`(select count(*)::int from mailing_recipients r where r.mailing_id = "mailings"."id" and r.state = 'failed')`,
        label: sql<
          string | null
        >`coalesce((select title from events e where e.id = "mailings"."event_id"), (select name from mailing_lists l where l.id = "mailings"."mailing_list_id"), (select name from clubs c where c.id = "mailings"."club_id"))`,
      })
      .from(mailings)
      .where(where)
      .orderBy(desc(mailings.createdAt), asc(mailings.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(mailings).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function countRecipientsByState(db: DbOrTx, params: { mailingId: string }) {
  const rows = await db
    .select({ state: mailingRecipients.state, n: count() })
    .from(mailingRecipients)
    .where(eq(mailingRecipients.mailingId, params.mailingId))
    .groupBy(mailingRecipients.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.n])) as Partial<Record<RecipientState, number>>;
}

/** The recipients written at send, by language (the preview of a sent mailing); the skipped ones not. */
export async function countRecipientsByLanguage(db: DbOrTx, params: { mailingId: string }) {
  return db
    .select({ language: mailingRecipients.language, n: count() })
    .from(mailingRecipients)
    .where(and(eq(mailingRecipients.mailingId, params.mailingId), sql`${mailingRecipients.state} <> 'skipped'`))
    .groupBy(mailingRecipients.language);
}

export async function findRecipientPage(
  db: DbOrTx,
  params: { mailingId: string; states: readonly string[]; limit: number; offset: number },
) {
  const where: SQL | undefined = and(
    eq(mailingRecipients.mailingId, params.mailingId),
    params.states.length ? inArray(mailingRecipients.state, [...params.states]) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: mailingRecipients.id,
        personId: mailingRecipients.personId,
        address: mailingRecipients.address,
        firstname: mailingRecipients.firstname,
        lastname: mailingRecipients.lastname,
        language: mailingRecipients.language,
        state: mailingRecipients.state,
        error: mailingRecipients.error,
        sentAt: mailingRecipients.sentAt,
      })
      .from(mailingRecipients)
      .where(where)
      .orderBy(asc(mailingRecipients.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(mailingRecipients).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** The caller's primary e-mail and the placeholders' values, for the test mail. */
export async function findOwnRecipientFields(db: DbOrTx, params: { personId: string }) {
  const [row] = rowsOf<{
    address: string | null;
    language: string;
    salutation: number | null;
    firstname: string | null;
    lastname: string;
    club_name: string | null;
  }>(
    await db.execute(sql`
      select e.value as address, p.language_code as language, p.salutation, p.firstname, p.lastname, c.name as club_name
      from persons p left join address_emails e on e.id = p.primary_email_id left join clubs c on c.id = p.primary_club_id
      where p.id = ${params.personId}`),
  );
  return row;
}

export type { MailingText };
