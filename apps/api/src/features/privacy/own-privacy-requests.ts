import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEntries } from '../../db/schema/audit-log';
import { clubs } from '../../db/schema/clubs';
import { erasureRequests, leaveRequests } from '../../db/schema/privacy-requests';

/**
 * Her leave and erasure requests for her own-data download (issue 25, docs/decisions/own-data.md):
 * the pending ones from their tables, the decided ones from her trail, where a decision leaves
 * them (the request rows are deleted when decided). A decided request keeps what the trail
 * holds: its club, when it was asked and decided, the decision and a confirmed leave's end day;
 * its message and wished end went with the row, and a decline's reason reached her as a
 * notification and mail (see `notifications`).
 */
type Club = { id: string; name: string | null };
type LeaveRequestItem = {
  id: string;
  club: Club;
  state: 'pending' | 'confirmed' | 'declined' | 'withdrawn';
  requestedAt: Date | null;
  message?: string | null;
  wishedEnd?: string;
  decidedAt?: Date;
  end?: string | null;
};
type ErasureRequestItem = {
  state: 'pending' | 'declined' | 'withdrawn' | 'confirmed';
  requestedAt: Date | null;
  decidedAt?: Date;
};

const decisions = ['confirmed', 'declined', 'withdrawn'] as const;
type Decision = (typeof decisions)[number];
const isDecision = (action: string): action is Decision => (decisions as readonly string[]).includes(action);

/** Her trail's entries about leave and erasure requests, oldest first (audit_entries_subject_idx). */
async function findRequestEntries(db: DbOrTx, personId: string) {
  return (
    db
      .select({
        at: auditEntries.at,
        action: auditEntries.action,
        entity: auditEntries.entity,
        entityId: auditEntries.entityId,
        clubId: sql<string | null>`${auditEntries.details} ->> 'clubId'`,
        end: sql<string | null>`${auditEntries.details} ->> 'end'`,
      })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.subjectPersonId, personId),
          inArray(auditEntries.entity, ['leaveRequest', 'erasureRequest']),
        ),
      )
      // A request comes before its decision, also within one timestamp.
      .orderBy(asc(auditEntries.at), sql`${auditEntries.action} <> 'requested'`, asc(auditEntries.id))
  );
}

export async function findOwnPrivacyRequests(db: DbOrTx, params: { personId: string }) {
  const { personId } = params;
  const [pendingLeaves, pendingErasure, entries] = await Promise.all([
    db
      .select({
        id: leaveRequests.id,
        club: { id: clubs.id, name: clubs.name },
        message: leaveRequests.message,
        wishedEnd: leaveRequests.wishedEnd,
        requestedAt: leaveRequests.createdAt,
      })
      .from(leaveRequests)
      .innerJoin(clubs, eq(clubs.id, leaveRequests.clubId))
      .where(eq(leaveRequests.personId, personId))
      .orderBy(asc(leaveRequests.createdAt), asc(leaveRequests.id)),
    db
      .select({ requestedAt: erasureRequests.createdAt })
      .from(erasureRequests)
      .where(eq(erasureRequests.personId, personId)),
    findRequestEntries(db, personId),
  ]);

  // Leave requests: one id each; the trail's "requested" gives the day asked, a decision ends it.
  const pendingIds = new Set(pendingLeaves.map((r) => r.id));
  const decided = new Map<string, LeaveRequestItem>();
  const requestedAt = new Map<string, Date>();
  for (const entry of entries) {
    if (entry.entity !== 'leaveRequest' || !entry.entityId || pendingIds.has(entry.entityId)) continue;
    if (entry.action === 'requested') requestedAt.set(entry.entityId, entry.at);
    else if (isDecision(entry.action) && entry.clubId) {
      decided.set(entry.entityId, {
        id: entry.entityId,
        club: { id: entry.clubId, name: null },
        state: entry.action,
        requestedAt: requestedAt.get(entry.entityId) ?? null,
        decidedAt: entry.at,
        end: entry.action === 'confirmed' ? entry.end : null,
      });
    }
  }
  const clubIds = [...new Set([...decided.values()].map((item) => item.club.id))];
  const clubNames = new Map(
    clubIds.length === 0
      ? []
      : (await db.select({ id: clubs.id, name: clubs.name }).from(clubs).where(inArray(clubs.id, clubIds))).map(
          (c) => [c.id, c.name] as const,
        ),
  );
  // The decided ones in the order of their decisions, then the pending ones.
  const leaves: LeaveRequestItem[] = [
    ...[...decided.values()].map((item) => ({
      ...item,
      club: { id: item.club.id, name: clubNames.get(item.club.id) ?? null },
    })),
    ...pendingLeaves.map((r) => ({ ...r, state: 'pending' as const })),
  ];

  // Erasure requests: one at a time; each "requested" opens one, the next decision closes it.
  const erasures: ErasureRequestItem[] = [];
  let open: ErasureRequestItem | undefined;
  for (const entry of entries) {
    if (entry.entity !== 'erasureRequest') continue;
    if (entry.action === 'requested') {
      open = { state: 'pending', requestedAt: entry.at };
    } else if (isDecision(entry.action)) {
      erasures.push({ state: entry.action, requestedAt: open?.requestedAt ?? null, decidedAt: entry.at });
      open = undefined;
    }
  }
  const [pending] = pendingErasure;
  if (pending) erasures.push({ state: 'pending', requestedAt: pending.requestedAt });
  return { leaveRequests: leaves, erasureRequests: erasures };
}
