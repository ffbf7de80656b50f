import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { userAccounts } from '../../db/schema/accounts';
import { consentLog } from '../../db/schema/consent-log';
import { persons } from '../../db/schema/persons';

const actor = alias(persons, 'actor');

export type ConsentLogRowInput = typeof consentLog.$inferInsert;

export async function insertConsentEntries(tx: DbOrTx, rows: ConsentLogRowInput[]) {
  if (rows.length > 0) await tx.insert(consentLog).values(rows);
}

/**
 * A sign-in accepts the terms (spec 01 §1): the first acceptance of her account is logged, in
 * one statement that writes nothing when she had accepted them before.
 */
export async function insertFirstTermsAcceptance(tx: DbOrTx, params: { personId: string; at: Date }) {
  await tx.insert(consentLog).select(
    tx
      .select({
        id: sql`gen_random_uuid()`.as('id'),
        personId: userAccounts.personId,
        subject: sql`'terms'`.as('subject'),
        value: sql`1::smallint`.as('value'),
        previousValue: sql`null::smallint`.as('previous_value'),
        channel: sql`'self'`.as('channel'),
        actorPersonId: userAccounts.personId,
        at: sql`${params.at.toISOString()}::timestamptz`.as('at'),
      })
      .from(userAccounts)
      .where(and(eq(userAccounts.personId, params.personId), isNull(userAccounts.acceptedTermsAt))),
  );
}

/** A merge (issue 16): the merged person's entries become the survivor's. */
export async function moveConsentEntries(tx: DbOrTx, params: { fromPersonId: string; toPersonId: string }) {
  await tx.update(consentLog).set({ personId: params.toPersonId }).where(eq(consentLog.personId, params.fromPersonId));
}

const columns = {
  id: consentLog.id,
  at: consentLog.at,
  subject: consentLog.subject,
  value: consentLog.value,
  previousValue: consentLog.previousValue,
  channel: consentLog.channel,
  actorId: consentLog.actorPersonId,
  actorFirstname: actor.firstname,
  actorLastname: actor.lastname,
};
export type ConsentLogRow = {
  id: string;
  at: Date;
  subject: string;
  value: number;
  previousValue: number | null;
  channel: string;
  actorId: string | null;
  actorFirstname: string | null;
  actorLastname: string | null;
};

/** A page of her log, newest first: one range of consent_log_person_idx. */
export async function findConsentLogPage(
  db: DbOrTx,
  params: { personId: string; limit: number | undefined; offset: number },
): Promise<{ rows: ConsentLogRow[]; total: number }> {
  const where = eq(consentLog.personId, params.personId);
  const query = db
    .select(columns)
    .from(consentLog)
    .leftJoin(actor, eq(actor.id, consentLog.actorPersonId))
    .where(where)
    .orderBy(desc(consentLog.at), desc(consentLog.id))
    .offset(params.offset);
  const [rows, [counted]] = await Promise.all([
    params.limit === undefined ? query : query.limit(params.limit),
    db.select({ total: count() }).from(consentLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The same log in keyset batches for the own-data download. */
export async function findConsentLogBatch(
  db: DbOrTx,
  params: { personId: string; before?: { at: Date; id: string }; limit: number },
): Promise<ConsentLogRow[]> {
  const { before } = params;
  return db
    .select(columns)
    .from(consentLog)
    .leftJoin(actor, eq(actor.id, consentLog.actorPersonId))
    .where(
      and(
        eq(consentLog.personId, params.personId),
        before
          ? or(lt(consentLog.at, before.at), and(eq(consentLog.at, before.at), lt(consentLog.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(consentLog.at), desc(consentLog.id))
    .limit(params.limit);
}
