import { eq, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userAccounts } from '../../db/schema/accounts';
import { persons } from '../../db/schema/persons';

/** Failures before the first lock, the first lock's length and the longest lock (seconds). */
export const LOGIN_LOCK = { afterFailures: 5, firstLockSeconds: 60, maxLockSeconds: 3600 } as const;

const accountColumns = {
  personId: userAccounts.personId,
  username: userAccounts.username,
  passwordHash: userAccounts.passwordHash,
  lockedUntil: userAccounts.lockedUntil,
  state: persons.state,
  languageCode: persons.languageCode,
  firstname: persons.firstname,
  lastname: persons.lastname,
};

export type AccountRow = Awaited<ReturnType<typeof findAccountByUsername>>;

/** The account and the few person fields sign-in and mails need; usernames compare case-insensitively (citext). */
export async function findAccountByUsername(db: DbOrTx, params: { username: string }) {
  const [row] = await db
    .select(accountColumns)
    .from(userAccounts)
    .innerJoin(persons, eq(persons.id, userAccounts.personId))
    .where(eq(userAccounts.username, params.username));
  return row;
}

export async function findAccountByPersonId(db: DbOrTx, params: { personId: string }) {
  const [row] = await db
    .select(accountColumns)
    .from(userAccounts)
    .innerJoin(persons, eq(persons.id, userAccounts.personId))
    .where(eq(userAccounts.personId, params.personId));
  return row;
}

/**
 * Counts a failed sign-in in one statement (safe under concurrency). From the fifth failure on,
 * each failure locks the account: 1 minute, doubling per further failure, at most 1 hour.
 */
export async function registerFailedLogin(db: DbOrTx, params: { personId: string; now: Date }) {
  const { afterFailures, firstLockSeconds, maxLockSeconds } = LOGIN_LOCK;
  const next = sql`${userAccounts.failedLoginCount} + 1`;
  await db
    .update(userAccounts)
    .set({
      failedLoginCount: sql`${next}`,
      lockedUntil: sql`case when ${next} >= ${afterFailures}
        then ${params.now.toISOString()}::timestamptz + make_interval(secs => least(${maxLockSeconds}::float8,
          ${firstLockSeconds}::float8 * power(2::float8, (${next} - ${afterFailures})::float8)))
        else ${userAccounts.lockedUntil} end`,
    })
    .where(eq(userAccounts.personId, params.personId));
}

/** A successful sign-in clears the failures and records the accepted terms (spec 01 §1). */
export async function recordSuccessfulLogin(db: DbOrTx, params: { personId: string; now: Date }) {
  await db
    .update(userAccounts)
    .set({ failedLoginCount: 0, lockedUntil: null, acceptedTermsAt: params.now, updatedAt: params.now })
    .where(eq(userAccounts.personId, params.personId));
}

/** A new password also lifts a sign-in lock: the forgot-password flow always gets one back in. */
export async function updatePassword(db: DbOrTx, params: { personId: string; passwordHash: string; now: Date }) {
  await db
    .update(userAccounts)
    .set({
      passwordHash: params.passwordHash,
      passwordChangedAt: params.now,
      failedLoginCount: 0,
      lockedUntil: null,
      updatedAt: params.now,
    })
    .where(eq(userAccounts.personId, params.personId));
}

export async function updateUsername(db: DbOrTx, params: { personId: string; username: string; now: Date }) {
  await db
    .update(userAccounts)
    .set({ username: params.username, updatedAt: params.now })
    .where(eq(userAccounts.personId, params.personId));
}

/** A unique index refused the write (pg and PGlite report SQLSTATE 23505; Drizzle wraps it). */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === '23505' || (error as { code?: string } | null)?.code === '23505';
}

export async function isUsernameTaken(db: DbOrTx, params: { username: string; exceptPersonId: string }) {
  const [row] = await db
    .select({ personId: userAccounts.personId })
    .from(userAccounts)
    .where(eq(userAccounts.username, params.username));
  return row !== undefined && row.personId !== params.exceptPersonId;
}

/** Flips a stored role; returns false when the person has no account. */
export async function toggleStoredRole(
  db: DbOrTx,
  params: { personId: string; role: 'Admin' | 'CentralExecutiveCommittee'; now: Date },
) {
  const column = params.role === 'Admin' ? userAccounts.isAdmin : userAccounts.isCentralCommittee;
  const rows = await db
    .update(userAccounts)
    .set(
      params.role === 'Admin'
        ? { isAdmin: not(column), updatedAt: params.now }
        : { isCentralCommittee: not(column), updatedAt: params.now },
    )
    .where(eq(userAccounts.personId, params.personId))
    .returning({ personId: userAccounts.personId });
  return rows.length > 0;
}

/** An account without a password yet (issue 25: an accepted applicant sets hers through the invitation). */
export async function insertAccountWithoutPassword(
  db: DbOrTx,
  params: { personId: string; username: string; acceptedTermsAt: Date; now: Date },
): Promise<void> {
  await db.insert(userAccounts).values({
    personId: params.personId,
    username: params.username,
    passwordHash: null,
    acceptedTermsAt: params.acceptedTermsAt,
    createdAt: params.now,
    updatedAt: params.now,
  });
}
