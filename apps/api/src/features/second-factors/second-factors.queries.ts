import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, userAccounts } from '../../db/schema/accounts';
import { persons } from '../../db/schema/persons';
import {
  passkeys,
  recoveryCodes,
  signInSessions,
  totpAuthenticators,
  usedWebauthnChallenges,
} from '../../db/schema/second-factors';

// ---- TOTP ----

export async function findTotp(db: DbOrTx, params: { personId: string }) {
  const [row] = await db
    .select({
      secret: totpAuthenticators.secret,
      confirmedAt: totpAuthenticators.confirmedAt,
      lastStep: totpAuthenticators.lastStep,
    })
    .from(totpAuthenticators)
    .where(eq(totpAuthenticators.personId, params.personId));
  return row;
}

/** A new, unconfirmed secret replaces an unconfirmed one; a confirmed one stays (no row changes). */
export async function upsertPendingTotp(db: DbOrTx, params: { personId: string; secret: string; now: Date }) {
  const rows = await db
    .insert(totpAuthenticators)
    .values({ personId: params.personId, secret: params.secret, createdAt: params.now })
    .onConflictDoUpdate({
      target: totpAuthenticators.personId,
      set: { secret: params.secret, createdAt: params.now, lastStep: null },
      setWhere: isNull(totpAuthenticators.confirmedAt),
    })
    .returning({ personId: totpAuthenticators.personId });
  return rows.length === 1;
}

/**
 * Accepts a time step once: the row's last step moves forward only if this one is later, in one
 * conditional UPDATE, so of two parallel uses of the same code exactly one succeeds.
 */
export async function claimTotpStep(
  db: DbOrTx,
  params: { personId: string; step: number; confirmAt?: Date; mustBeConfirmed: boolean },
) {
  const rows = await db
    .update(totpAuthenticators)
    .set({ lastStep: params.step, ...(params.confirmAt ? { confirmedAt: params.confirmAt } : {}) })
    .where(
      and(
        eq(totpAuthenticators.personId, params.personId),
        sql`(${totpAuthenticators.lastStep} is null or ${totpAuthenticators.lastStep} < ${params.step})`,
        params.mustBeConfirmed
          ? sql`${totpAuthenticators.confirmedAt} is not null`
          : isNull(totpAuthenticators.confirmedAt),
      ),
    )
    .returning({ personId: totpAuthenticators.personId });
  return rows.length === 1;
}

export async function deleteTotp(db: DbOrTx, params: { personId: string }) {
  await db.delete(totpAuthenticators).where(eq(totpAuthenticators.personId, params.personId));
}

// ---- recovery codes ----

export async function replaceRecoveryCodes(db: DbOrTx, params: { personId: string; codeHashes: string[]; now: Date }) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, params.personId));
  await db
    .insert(recoveryCodes)
    .values(params.codeHashes.map((codeHash) => ({ personId: params.personId, codeHash, createdAt: params.now })));
}

/** Uses a code once: one conditional UPDATE, so a code works exactly one time. */
export async function useRecoveryCode(db: DbOrTx, params: { personId: string; codeHash: string; now: Date }) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(recoveryCodes.personId, params.personId),
        eq(recoveryCodes.codeHash, params.codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function deleteRecoveryCodes(db: DbOrTx, params: { personId: string }) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, params.personId));
}

/** What a person has set up: a confirmed TOTP, her passkeys, her unused recovery codes. */
export async function countSecondFactors(db: DbOrTx, params: { personId: string }) {
  const [row] = await db
    .select({
      hasTotp: sql<boolean>`exists (select 1 from ${totpAuthenticators} where ${totpAuthenticators.personId} = ${params.personId} and ${totpAuthenticators.confirmedAt} is not null)`,
      passkeyCount: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.personId} = ${params.personId})`,
      recoveryCodesLeft: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.personId} = ${params.personId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(sql`(select 1) as one`);
  return {
    hasTotp: Boolean(row?.hasTotp),
    passkeyCount: Number(row?.passkeyCount ?? 0),
    recoveryCodesLeft: Number(row?.recoveryCodesLeft ?? 0),
  };
}

// ---- passkeys ----

const passkeyColumns = {
  id: passkeys.id,
  personId: passkeys.personId,
  credentialId: passkeys.credentialId,
  publicKey: passkeys.publicKey,
  counter: passkeys.counter,
  transports: passkeys.transports,
  name: passkeys.name,
  isBackedUp: passkeys.isBackedUp,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

export async function listPasskeys(db: DbOrTx, params: { personId: string; limit: number; offset: number }) {
  return db
    .select(passkeyColumns)
    .from(passkeys)
    .where(eq(passkeys.personId, params.personId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .limit(params.limit)
    .offset(params.offset);
}

export async function countPasskeys(db: DbOrTx, params: { personId: string }) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.personId, params.personId));
  return Number(row?.n ?? 0);
}

/** The credential ids of a person (at most `limit`), for exclude/allow lists. */
export async function listCredentialIds(db: DbOrTx, params: { personId: string; limit: number }) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.personId, params.personId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .limit(params.limit);
}

export async function findPasskeyByCredentialId(db: DbOrTx, params: { credentialId: string }) {
  const [row] = await db.select(passkeyColumns).from(passkeys).where(eq(passkeys.credentialId, params.credentialId));
  return row;
}

export async function insertPasskey(
  db: DbOrTx,
  params: {
    personId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string;
    name: string;
    isBackedUp: boolean;
    now: Date;
  },
) {
  const [row] = await db
    .insert(passkeys)
    .values({ ...params, createdAt: params.now })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning(passkeyColumns);
  return row;
}

export async function recordPasskeyUse(db: DbOrTx, params: { id: string; counter: number; now: Date }) {
  await db.update(passkeys).set({ counter: params.counter, lastUsedAt: params.now }).where(eq(passkeys.id, params.id));
}

export async function renamePasskey(db: DbOrTx, params: { id: string; personId: string; name: string }) {
  const [row] = await db
    .update(passkeys)
    .set({ name: params.name })
    .where(and(eq(passkeys.id, params.id), eq(passkeys.personId, params.personId)))
    .returning(passkeyColumns);
  return row;
}

export async function deletePasskey(db: DbOrTx, params: { id: string; personId: string }) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, params.id), eq(passkeys.personId, params.personId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function deletePasskeysOf(db: DbOrTx, params: { personId: string }) {
  await db.delete(passkeys).where(eq(passkeys.personId, params.personId));
}

/** Records a challenge as answered; false when it was already (a replay). Drops expired ones in passing. */
export async function claimWebauthnChallenge(
  db: DbOrTx,
  params: { challengeHash: string; expiresAt: Date; now: Date },
) {
  await db.delete(usedWebauthnChallenges).where(lt(usedWebauthnChallenges.expiresAt, params.now));
  const rows = await db
    .insert(usedWebauthnChallenges)
    .values({ challengeHash: params.challengeHash, expiresAt: params.expiresAt })
    .onConflictDoNothing()
    .returning({ challengeHash: usedWebauthnChallenges.challengeHash });
  return rows.length === 1;
}

// ---- sessions ----

/** A person's live sign-ins: not expired, chain not revoked; the latest used first. */
const liveSessionsOf = (params: { personId: string; now: Date }) =>
  and(
    eq(signInSessions.personId, params.personId),
    gt(signInSessions.expiresAt, params.now),
    sql`not exists (select 1 from ${refreshTokens} where ${refreshTokens.chainId} = ${signInSessions.chainId} and ${refreshTokens.revokedAt} is not null)`,
  );

export async function listLiveSessions(
  db: DbOrTx,
  params: { personId: string; now: Date; limit: number; offset: number },
) {
  return db
    .select({
      chainId: signInSessions.chainId,
      createdAt: signInSessions.createdAt,
      lastUsedAt: signInSessions.lastUsedAt,
      userAgent: signInSessions.userAgent,
      ipAddress: signInSessions.ipAddress,
    })
    .from(signInSessions)
    .where(liveSessionsOf(params))
    .orderBy(desc(signInSessions.lastUsedAt), desc(signInSessions.chainId))
    .limit(params.limit)
    .offset(params.offset);
}

export async function countLiveSessions(db: DbOrTx, params: { personId: string; now: Date }) {
  const [row] = await db.select({ n: count() }).from(signInSessions).where(liveSessionsOf(params));
  return Number(row?.n ?? 0);
}

export async function isLiveSessionOf(db: DbOrTx, params: { personId: string; chainId: string; now: Date }) {
  const [row] = await db
    .select({ chainId: signInSessions.chainId })
    .from(signInSessions)
    .where(and(eq(signInSessions.chainId, params.chainId), liveSessionsOf(params)));
  return row !== undefined;
}

// ---- the person ----

/** What the set-up and the reset mail need of a person with an account. */
export async function findAccountFacts(db: DbOrTx, params: { personId: string }) {
  const [row] = await db
    .select({
      personId: userAccounts.personId,
      username: userAccounts.username,
      isAdmin: userAccounts.isAdmin,
      state: persons.state,
      languageCode: persons.languageCode,
      firstname: persons.firstname,
      lastname: persons.lastname,
    })
    .from(userAccounts)
    .innerJoin(persons, eq(persons.id, userAccounts.personId))
    .where(eq(userAccounts.personId, params.personId));
  return row;
}
