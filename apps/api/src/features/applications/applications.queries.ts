import { ApplicationState } from '@bpw/domain/schemas/application';
import { and, asc, count, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  type StoredApplicationAnswer,
  type StoredApplicationDecision,
  type StoredApplicationQuestion,
  applicationForms,
  membershipApplications,
} from '../../db/schema/applications';
import { userAccounts } from '../../db/schema/accounts';
import { addressEmails } from '../../db/schema/addresses';
import { clubs } from '../../db/schema/clubs';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { notifications } from '../../db/schema/notifications';
import { persons } from '../../db/schema/persons';

const f = applicationForms;
const a = membershipApplications;
/** club_id = the club, or IS NULL for the association's form and applications. */
const ofClub = (column: typeof f.clubId | typeof a.clubId, clubId: string | null) =>
  clubId === null ? isNull(column) : eq(column, clubId);

/* ------------------------------------------------------------------ forms */

export async function findClubName(db: DbOrTx, params: { clubId: string }) {
  const [row] = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, params.clubId));
  return row?.name;
}

export async function findForm(db: DbOrTx, params: { clubId: string | null }) {
  const [row] = await db
    .select({
      isPublished: f.isPublished,
      intro: f.intro,
      membershipTypes: f.membershipTypes,
      questions: f.questions,
    })
    .from(f)
    .where(ofClub(f.clubId, params.clubId));
  return row;
}

export type FormValues = {
  isPublished: boolean;
  intro: Record<'de' | 'fr' | 'it' | 'en', string>;
  membershipTypes: number[];
  questions: StoredApplicationQuestion[];
};

/** One form per club (and one of the association): insert or replace. */
export async function saveForm(
  db: DbOrTx,
  params: FormValues & { clubId: string | null; actorId: string; now: Date },
): Promise<void> {
  const values = {
    isPublished: params.isPublished,
    intro: params.intro,
    membershipTypes: params.membershipTypes,
    questions: params.questions,
    updatedAt: params.now,
    updatedBy: params.actorId,
  };
  await db
    .insert(f)
    .values({ clubId: params.clubId, ...values })
    .onConflictDoUpdate({ target: f.clubId, set: values });
}

/* ------------------------------------------------------------------ applications */

export type NewApplication = {
  clubId: string | null;
  firstname: string;
  lastname: string;
  birthday: string;
  languageCode: string;
  street: string;
  zip: string;
  city: string;
  countryCode: string | null;
  email: string;
  phone: string | null;
  membershipType: number;
  advertising: number;
  answers: StoredApplicationAnswer[];
  keyHash: string;
  createdAt: Date;
  expiresAt: Date;
};

export async function insertApplication(db: DbOrTx, params: NewApplication & { mailId: string }): Promise<void> {
  const { mailId, ...values } = params;
  await db.insert(a).values({ ...values, decisions: [], linkMailedAt: params.createdAt, mailIds: [mailId] });
}

/** An open application of this address to this club (or the association), if any. */
export async function findOpenApplicationOf(db: DbOrTx, params: { clubId: string | null; email: string }) {
  const [row] = await db
    .select({ id: a.id, state: a.state, linkMailedAt: a.linkMailedAt, languageCode: a.languageCode })
    .from(a)
    .where(and(ofClub(a.clubId, params.clubId), eq(a.email, params.email)))
    .limit(1);
  return row;
}

/** A new link for an unconfirmed application mailed again (its old link stops working). */
export async function renewApplicationLink(
  db: DbOrTx,
  params: { id: string; keyHash: string; now: Date; expiresAt: Date; mailId: string },
): Promise<void> {
  await db
    .update(a)
    .set({
      keyHash: params.keyHash,
      linkMailedAt: params.now,
      expiresAt: params.expiresAt,
      mailIds: sql`array_append(${a.mailIds}, ${params.mailId}::uuid)`,
    })
    .where(and(eq(a.id, params.id), eq(a.state, ApplicationState.unconfirmed)));
}

const applicationColumns = {
  id: a.id,
  clubId: a.clubId,
  state: a.state,
  firstname: a.firstname,
  lastname: a.lastname,
  birthday: a.birthday,
  languageCode: a.languageCode,
  street: a.street,
  zip: a.zip,
  city: a.city,
  countryCode: a.countryCode,
  email: a.email,
  phone: a.phone,
  membershipType: a.membershipType,
  advertising: a.advertising,
  answers: a.answers,
  decisions: a.decisions,
  createdAt: a.createdAt,
  expiresAt: a.expiresAt,
  confirmedAt: a.confirmedAt,
};
export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export async function findApplication(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select(applicationColumns).from(a).where(eq(a.id, params.id));
  return row;
}

/** The application a decision is about, locked against a simultaneous decision. */
export async function lockApplication(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select(applicationColumns).from(a).where(eq(a.id, params.id)).for('update');
  return row;
}

export async function findApplicationByKeyHash(db: DbOrTx, params: { keyHash: string }) {
  const [row] = await db.select(applicationColumns).from(a).where(eq(a.keyHash, params.keyHash));
  return row;
}

/** Unconfirmed to pending; false when it was not unconfirmed (any more) or has expired. */
export async function markConfirmed(db: DbOrTx, params: { id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(a)
    .set({ state: ApplicationState.pending, confirmedAt: params.now, expiresAt: null })
    .where(and(eq(a.id, params.id), eq(a.state, ApplicationState.unconfirmed), gt(a.expiresAt, params.now)))
    .returning({ id: a.id });
  return rows.length > 0;
}

/** The confirmed applications of a club (or of the association), oldest first, one page. */
export async function findPendingApplications(
  db: DbOrTx,
  params: { clubId: string | null; limit: number | undefined; offset: number },
) {
  const where = and(ofClub(a.clubId, params.clubId), ne(a.state, ApplicationState.unconfirmed));
  let query = db
    .select(applicationColumns)
    .from(a)
    .where(where)
    .orderBy(asc(a.confirmedAt), asc(a.id))
    .offset(params.offset)
    .$dynamic();
  if (params.limit !== undefined) query = query.limit(params.limit);
  const items = await query;
  const [total] = await db.select({ n: count() }).from(a).where(where);
  return { items, total: total?.n ?? 0 };
}

export async function recordRequest(
  db: DbOrTx,
  params: { id: string; decision: StoredApplicationDecision },
): Promise<void> {
  await db
    .update(a)
    .set({
      state: ApplicationState.informationRequested,
      decisions: sql`${a.decisions} || ${JSON.stringify([params.decision])}::jsonb`,
    })
    .where(eq(a.id, params.id));
}

export async function deleteApplication(db: DbOrTx, params: { id: string }): Promise<void> {
  await db.delete(a).where(eq(a.id, params.id));
}

/**
 * The managers' notices and mails about an application name the person it became (issue 25):
 * her erasure finds them by her id (notifications_about_idx, mail_outbox_about_idx).
 */
export async function linkNoticesToPerson(tx: DbOrTx, params: { applicationId: string; personId: string }) {
  await tx
    .update(notifications)
    .set({ aboutId: params.personId })
    .where(eq(notifications.aboutId, params.applicationId));
  await tx.update(mailOutbox).set({ aboutId: params.personId }).where(eq(mailOutbox.aboutId, params.applicationId));
}

/**
 * The expiry job: unconfirmed applications whose 48 hours are over leave nothing behind, their
 * confirmation mails in the outbox included.
 */
export async function deleteExpiredApplications(db: DbOrTx, params: { now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(a)
      .where(and(eq(a.state, ApplicationState.unconfirmed), lte(a.expiresAt, params.now)))
      .returning({ mailIds: a.mailIds });
    const mailIds = rows.flatMap((row) => row.mailIds);
    if (mailIds.length) await tx.delete(mailOutbox).where(inArray(mailOutbox.id, mailIds));
    return rows.length;
  });
}

/** The manager who asks: her name and where the applicant replies (primary e-mail, else username). */
export async function findManagerContact(db: DbOrTx, params: { personId: string }) {
  const [row] = await db
    .select({
      firstname: persons.firstname,
      lastname: persons.lastname,
      email: sql<string | null>`coalesce(${addressEmails.value}, ${userAccounts.username})`,
    })
    .from(persons)
    .leftJoin(addressEmails, eq(addressEmails.id, persons.primaryEmailId))
    .leftJoin(userAccounts, eq(userAccounts.personId, persons.id))
    .where(eq(persons.id, params.personId));
  return row;
}
