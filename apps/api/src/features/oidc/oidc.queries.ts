import { and, asc, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails } from '../../db/schema/addresses';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { oidcClients, oidcConsents, oidcPayloads } from '../../db/schema/oidc';
import { persons } from '../../db/schema/persons';
import { userAccounts } from '../../db/schema/accounts';

export type OidcClientRow = typeof oidcClients.$inferSelect;

/* ------------------------------------------------------------------ clients */

export async function findClientRow(db: DbOrTx, params: { id: string }): Promise<OidcClientRow | undefined> {
  const [row] = await db.select().from(oidcClients).where(eq(oidcClients.id, params.id));
  return row;
}

export async function findClientRows(db: DbOrTx, params: { limit: number | undefined; offset: number }) {
  const query = db.select().from(oidcClients).orderBy(asc(oidcClients.name), asc(oidcClients.id)).offset(params.offset);
  const items = await (params.limit === undefined ? query : query.limit(params.limit));
  const [total] = await db.select({ value: count() }).from(oidcClients);
  return { items, total: total?.value ?? 0 };
}

export async function insertClientRow(db: DbOrTx, values: typeof oidcClients.$inferInsert): Promise<OidcClientRow> {
  const [row] = await db.insert(oidcClients).values(values).returning();
  if (!row) throw new Error('oidc client not inserted');
  return row;
}

export async function updateClientRow(
  db: DbOrTx,
  params: { id: string; values: Partial<typeof oidcClients.$inferInsert> },
): Promise<OidcClientRow | undefined> {
  const [row] = await db.update(oidcClients).set(params.values).where(eq(oidcClients.id, params.id)).returning();
  return row;
}

export async function deleteClientRow(db: DbOrTx, params: { id: string }): Promise<boolean> {
  const rows = await db.delete(oidcClients).where(eq(oidcClients.id, params.id)).returning({ id: oidcClients.id });
  return rows.length > 0;
}

/* ------------------------------------------------------------------ consents */

export async function findConsent(db: DbOrTx, params: { personId: string; clientId: string }) {
  const [row] = await db
    .select()
    .from(oidcConsents)
    .where(and(eq(oidcConsents.personId, params.personId), eq(oidcConsents.clientId, params.clientId)));
  return row;
}

export async function upsertConsent(
  db: DbOrTx,
  params: { personId: string; clientId: string; scopes: string[]; now: Date },
): Promise<void> {
  await db
    .insert(oidcConsents)
    .values({ ...params, createdAt: params.now, updatedAt: params.now })
    .onConflictDoUpdate({
      target: [oidcConsents.personId, oidcConsents.clientId],
      set: { scopes: params.scopes, updatedAt: params.now },
    });
}

/** Her connected apps (a person has few: no paging). */
export async function findConsentsOf(db: DbOrTx, params: { personId: string }) {
  return db
    .select({
      clientId: oidcConsents.clientId,
      clientName: oidcClients.name,
      scopes: oidcConsents.scopes,
      createdAt: oidcConsents.createdAt,
      updatedAt: oidcConsents.updatedAt,
    })
    .from(oidcConsents)
    .innerJoin(oidcClients, eq(oidcClients.id, oidcConsents.clientId))
    .where(eq(oidcConsents.personId, params.personId))
    .orderBy(asc(oidcClients.name), asc(oidcConsents.clientId))
    .limit(500);
}

export async function deleteConsent(db: DbOrTx, params: { personId: string; clientId: string }): Promise<boolean> {
  const rows = await db
    .delete(oidcConsents)
    .where(and(eq(oidcConsents.personId, params.personId), eq(oidcConsents.clientId, params.clientId)))
    .returning({ clientId: oidcConsents.clientId });
  return rows.length > 0;
}

/* ------------------------------------------------------------------ provider records */

/** Grants, codes and tokens of one application, for one person or for everybody. */
export async function deletePayloadsOfClient(db: DbOrTx, params: { clientId: string; accountId?: string }) {
  await db
    .delete(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.clientId, params.clientId),
        params.accountId === undefined ? undefined : eq(oidcPayloads.accountId, params.accountId),
      ),
    );
}

export async function upsertPayload(
  db: DbOrTx,
  row: {
    model: string;
    id: string;
    payload: Record<string, unknown>;
    grantId: string | null;
    uid: string | null;
    accountId: string | null;
    clientId: string | null;
    expiresAt: Date | null;
  },
): Promise<void> {
  await db
    .insert(oidcPayloads)
    .values(row)
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: {
        payload: row.payload,
        grantId: row.grantId,
        uid: row.uid,
        accountId: row.accountId,
        clientId: row.clientId,
        expiresAt: row.expiresAt,
        consumedAt: null,
      },
    });
}

const notExpired = (now: Date) => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now));

export async function findPayload(db: DbOrTx, params: { model: string; id: string; now: Date }) {
  const [row] = await db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, params.model), eq(oidcPayloads.id, params.id), notExpired(params.now)));
  return row;
}

export async function findPayloadByUid(db: DbOrTx, params: { model: string; uid: string; now: Date }) {
  const [row] = await db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, params.model), eq(oidcPayloads.uid, params.uid), notExpired(params.now)))
    .limit(1);
  return row;
}

export async function consumePayload(db: DbOrTx, params: { model: string; id: string; now: Date }) {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: params.now })
    .where(and(eq(oidcPayloads.model, params.model), eq(oidcPayloads.id, params.id)));
}

export async function destroyPayload(db: DbOrTx, params: { model: string; id: string }) {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, params.model), eq(oidcPayloads.id, params.id)));
}

export async function destroyPayloadsOfGrant(db: DbOrTx, params: { grantId: string }) {
  await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, params.grantId));
}

/** The scheduler's clean-up: records past their end. */
export async function deleteExpiredPayloads(db: DbOrTx, params: { now: Date }): Promise<number> {
  const rows = await db
    .delete(oidcPayloads)
    .where(lte(oidcPayloads.expiresAt, params.now))
    .returning({ id: oidcPayloads.id });
  return rows.length;
}

/* ------------------------------------------------------------------ the person behind `sub` */

/** What the claims are made of, or undefined for a person who may not sign in (no account, archived). */
export async function findClaimSource(db: DbOrTx, params: { personId: string; today: string }) {
  const [row] = await db
    .select({
      firstname: persons.firstname,
      lastname: persons.lastname,
      languageCode: persons.languageCode,
      state: persons.state,
      email: addressEmails.value,
      hasAccount: sql<boolean>`${userAccounts.id} is not null`,
    })
    .from(persons)
    .leftJoin(userAccounts, eq(userAccounts.personId, persons.id))
    .leftJoin(addressEmails, eq(addressEmails.id, persons.primaryEmailId))
    .where(eq(persons.id, params.personId));
  if (!row) return undefined;
  const relations = await db
    .select({
      clubId: clubs.id,
      clubName: clubs.name,
      type: clubRelations.type,
      label: clubRelations.membershipTypeLabel,
    })
    .from(clubRelations)
    .innerJoin(clubs, eq(clubs.id, clubRelations.clubId))
    .where(
      and(
        eq(clubRelations.personId, params.personId),
        lte(clubRelations.from, params.today),
        or(isNull(clubRelations.to), sql`${clubRelations.to} >= ${params.today}`),
      ),
    )
    .orderBy(asc(clubs.name), asc(clubs.id), asc(clubRelations.type))
    .limit(500);
  return { ...row, relations };
}
