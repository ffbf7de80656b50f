import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signInSessions } from '../../db/schema/second-factors';

/** The row of a new sign-in (refresh chain): what the sessions page shows. */
export async function insertSignInSession(
  db: DbOrTx,
  params: {
    chainId: string;
    personId: string;
    now: Date;
    expiresAt: Date;
    userAgent: string | null;
    ipAddress: string | null;
    secondFactor: number;
  },
) {
  await db.insert(signInSessions).values({
    chainId: params.chainId,
    personId: params.personId,
    createdAt: params.now,
    lastUsedAt: params.now,
    expiresAt: params.expiresAt,
    userAgent: params.userAgent,
    ipAddress: params.ipAddress,
    secondFactor: params.secondFactor,
  });
}

/** A refresh: the sign-in was used now, from this device and address. */
export async function touchSignInSession(
  db: DbOrTx,
  params: { chainId: string; now: Date; userAgent: string | null; ipAddress: string | null },
) {
  await db
    .update(signInSessions)
    .set({ lastUsedAt: params.now, userAgent: params.userAgent, ipAddress: params.ipAddress })
    .where(eq(signInSessions.chainId, params.chainId));
}

/** The sign-in passed a second factor now (set up during a sign-in that had to). */
export async function markSecondFactorPassed(db: DbOrTx, params: { chainId: string; secondFactor: number }) {
  await db
    .update(signInSessions)
    .set({ secondFactor: params.secondFactor })
    .where(eq(signInSessions.chainId, params.chainId));
}
