import { memberTypes } from '@bpw/domain/enums/membership-type';
import { and, asc, count, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';
import { erasureRequests, leaveRequests, privacySettings } from '../../db/schema/privacy-requests';

/* ------------------------------------------------------------------ leaving a club */

const leaveColumns = {
  id: leaveRequests.id,
  personId: leaveRequests.personId,
  firstname: persons.firstname,
  lastname: persons.lastname,
  languageCode: persons.languageCode,
  clubId: leaveRequests.clubId,
  clubName: clubs.name,
  message: leaveRequests.message,
  wishedEnd: leaveRequests.wishedEnd,
  createdAt: leaveRequests.createdAt,
};
export type LeaveRequestRow = {
  id: string;
  personId: string;
  firstname: string | null;
  lastname: string;
  languageCode: string;
  clubId: string;
  clubName: string;
  message: string | null;
  wishedEnd: string;
  createdAt: Date;
};

const leaveFrom = (db: DbOrTx) =>
  db
    .select(leaveColumns)
    .from(leaveRequests)
    .innerJoin(persons, eq(persons.id, leaveRequests.personId))
    .innerJoin(clubs, eq(clubs.id, leaveRequests.clubId));

export async function findLeaveRequest(db: DbOrTx, params: { id: string }): Promise<LeaveRequestRow | undefined> {
  const [row] = await leaveFrom(db).where(eq(leaveRequests.id, params.id));
  return row;
}

/** The request a decision is about, locked against a second decision at the same time. */
export async function lockLeaveRequest(tx: DbOrTx, params: { id: string }): Promise<LeaveRequestRow | undefined> {
  const [row] = await leaveFrom(tx).where(eq(leaveRequests.id, params.id)).for('update', { of: leaveRequests });
  return row;
}

export async function findLeaveRequestsOfPerson(db: DbOrTx, params: { personId: string }): Promise<LeaveRequestRow[]> {
  return leaveFrom(db)
    .where(eq(leaveRequests.personId, params.personId))
    .orderBy(asc(leaveRequests.createdAt), asc(leaveRequests.id));
}

/** A club's pending requests, oldest first: one range of leave_requests_club_idx. */
export async function findLeaveRequestsOfClub(
  db: DbOrTx,
  params: { clubId: string; limit: number | undefined; offset: number },
) {
  const query = leaveFrom(db)
    .where(eq(leaveRequests.clubId, params.clubId))
    .orderBy(asc(leaveRequests.createdAt), asc(leaveRequests.id))
    .offset(params.offset);
  const items = await (params.limit === undefined ? query : query.limit(params.limit));
  const [total] = await db.select({ n: count() }).from(leaveRequests).where(eq(leaveRequests.clubId, params.clubId));
  return { items, total: total?.n ?? 0 };
}

/** Inserts her request; false when she has one for this club already. */
export async function insertLeaveRequest(
  tx: DbOrTx,
  params: { personId: string; clubId: string; message: string | null; wishedEnd: string; now: Date },
): Promise<string | undefined> {
  const [row] = await tx
    .insert(leaveRequests)
    .values({ ...params, createdAt: params.now })
    .onConflictDoNothing()
    .returning({ id: leaveRequests.id });
  return row?.id;
}

export async function deleteLeaveRequest(tx: DbOrTx, params: { id: string }) {
  await tx.delete(leaveRequests).where(eq(leaveRequests.id, params.id));
}

/** Her member relations (types 0-3) with the club that are active on `day` or begin later. */
export async function findCurrentMemberRelations(
  db: DbOrTx,
  params: { personId: string; clubId: string; day: string },
) {
  const r = clubRelations;
  return db
    .select({ id: r.id, personId: r.personId, clubId: r.clubId, type: r.type, from: r.from, to: r.to })
    .from(r)
    .where(
      and(
        eq(r.personId, params.personId),
        eq(r.clubId, params.clubId),
        inArray(r.type, [...memberTypes]),
        or(isNull(r.to), gte(r.to, params.day)),
      ),
    );
}

/** A relation's end (the leave confirmed); the club list's triggers follow. */
export async function endRelation(tx: DbOrTx, params: { relationId: string; to: string; actorId: string; now: Date }) {
  await tx
    .update(clubRelations)
    .set({ to: params.to, updatedAt: params.now, updatedBy: params.actorId })
    .where(eq(clubRelations.id, params.relationId));
}

export async function findClubName(db: DbOrTx, params: { clubId: string }) {
  const [row] = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, params.clubId));
  return row?.name;
}

/* ------------------------------------------------------------------ erasure requests */

export async function findErasureRequest(db: DbOrTx, params: { personId: string }) {
  const [row] = await db
    .select({ personId: erasureRequests.personId, createdAt: erasureRequests.createdAt })
    .from(erasureRequests)
    .where(eq(erasureRequests.personId, params.personId));
  return row;
}

export async function insertErasureRequest(tx: DbOrTx, params: { personId: string; now: Date }) {
  const [row] = await tx
    .insert(erasureRequests)
    .values({ personId: params.personId, createdAt: params.now })
    .onConflictDoNothing()
    .returning({ personId: erasureRequests.personId });
  return row !== undefined;
}

export async function deleteErasureRequest(tx: DbOrTx, params: { personId: string }) {
  const rows = await tx
    .delete(erasureRequests)
    .where(eq(erasureRequests.personId, params.personId))
    .returning({ personId: erasureRequests.personId });
  return rows.length > 0;
}

/** The pending erasure requests, oldest first (erasure_requests_created_idx). */
export async function findErasureRequests(db: DbOrTx, params: { limit: number | undefined; offset: number }) {
  const query = db
    .select({
      personId: erasureRequests.personId,
      firstname: persons.firstname,
      lastname: persons.lastname,
      createdAt: erasureRequests.createdAt,
    })
    .from(erasureRequests)
    .innerJoin(persons, eq(persons.id, erasureRequests.personId))
    .orderBy(asc(erasureRequests.createdAt), asc(erasureRequests.personId))
    .offset(params.offset);
  const items = await (params.limit === undefined ? query : query.limit(params.limit));
  const [total] = await db.select({ n: count() }).from(erasureRequests);
  return { items, total: total?.n ?? 0 };
}

/* ------------------------------------------------------------------ retention */

export async function findRetentionMonths(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select({ months: privacySettings.retentionMonths }).from(privacySettings);
  return row?.months ?? null;
}

export async function saveRetentionMonths(tx: DbOrTx, params: { months: number | null; actorId: string; now: Date }) {
  const values = { retentionMonths: params.months, updatedAt: params.now, updatedBy: params.actorId };
  await tx
    .insert(privacySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: privacySettings.id, set: values });
}

/**
 * The persons past the retention period: not erased, no relation with any club that is open or
 * ended on or after `cutoffDay`, no sign-in (a session used, or the terms accepted at sign-in)
 * since `cutoff`, created before it, and no stored role (admins and the committee are decided by
 * hand). Evaluated per page and again per person by the job, so a person who came back is skipped.
 */
const pastRetention = (params: { cutoff: Date; cutoffDay: string }) => sql`
  NOT EXISTS (SELECT 1 FROM person_erasures e WHERE e.person_id = ${persons.id})
  AND ${persons.createdAt} < ${params.cutoff}
  AND NOT EXISTS (SELECT 1 FROM club_relations r WHERE r.person_id = ${persons.id}
    AND (r.to_date IS NULL OR r.to_date >= ${params.cutoffDay}))
  AND NOT EXISTS (SELECT 1 FROM sign_in_sessions s WHERE s.person_id = ${persons.id}
    AND s.last_used_at >= ${params.cutoff})
  AND NOT EXISTS (SELECT 1 FROM user_accounts a WHERE a.person_id = ${persons.id}
    AND (a.is_admin OR a.is_central_committee OR a.accepted_terms_at >= ${params.cutoff}))`;

// Qualified by hand: in a select list drizzle writes a column without its table.
const lastMembershipEnd = sql<
  string | null
>`(SELECT max(r.to_date)::text FROM club_relations r WHERE r.person_id = "persons"."id")`;

/** One page of the persons past the retention period, in id order (the primary key). */
export async function findRetentionCandidates(
  db: DbOrTx,
  params: { cutoff: Date; cutoffDay: string; limit: number | undefined; offset: number },
) {
  const query = db
    .select({
      personId: persons.id,
      firstname: persons.firstname,
      lastname: persons.lastname,
      lastMembershipEnd,
    })
    .from(persons)
    .where(pastRetention(params))
    .orderBy(asc(persons.id))
    .offset(params.offset);
  const items = await (params.limit === undefined ? query : query.limit(params.limit));
  const [total] = await db.select({ n: count() }).from(persons).where(pastRetention(params));
  return { items, total: total?.n ?? 0 };
}

export async function countRetentionCandidates(db: DbOrTx, params: { cutoff: Date; cutoffDay: string }) {
  const [total] = await db.select({ n: count() }).from(persons).where(pastRetention(params));
  return total?.n ?? 0;
}

/** The job's next person after `afterId`, still past the period now (re-evaluated in its transaction). */
export async function findNextRetentionCandidate(
  db: DbOrTx,
  params: { cutoff: Date; cutoffDay: string; afterId: string | null },
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(
      and(
        pastRetention(params),
        params.afterId === null ? undefined : sql`${persons.id} > ${params.afterId}`,
        lte(persons.createdAt, params.cutoff),
      ),
    )
    .orderBy(asc(persons.id))
    .limit(1);
  return row?.id;
}
