import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordTokens } from '../../db/schema/accounts';

export async function insertPasswordToken(
  db: DbOrTx,
  params: { personId: string; purpose: number; tokenHash: string; expiresAt: Date; now: Date },
) {
  await db.insert(passwordTokens).values({
    personId: params.personId,
    purpose: params.purpose,
    tokenHash: params.tokenHash,
    expiresAt: params.expiresAt,
    createdAt: params.now,
  });
}

export async function countPasswordTokensSince(db: DbOrTx, params: { personId: string; since: Date }) {
  const [row] = await db
    .select({ n: count() })
    .from(passwordTokens)
    .where(and(eq(passwordTokens.personId, params.personId), gte(passwordTokens.createdAt, params.since)));
  return row?.n ?? 0;
}

/** Uses a link once: the conditional UPDATE lets only one of two parallel uses through. */
export async function consumePasswordToken(db: DbOrTx, params: { tokenHash: string; now: Date }) {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(passwordTokens.tokenHash, params.tokenHash),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, params.now),
      ),
    )
    .returning({ personId: passwordTokens.personId, purpose: passwordTokens.purpose });
  return row;
}

/**
 * After a change of password or username, and before a new link is mailed, the links mailed
 * earlier are worthless (issue 15: a link to an old address must not outlive the change).
 */
export async function closeOpenPasswordTokens(db: DbOrTx, params: { personId: string; now: Date }) {
  await db
    .update(passwordTokens)
    .set({ usedAt: params.now })
    .where(and(eq(passwordTokens.personId, params.personId), isNull(passwordTokens.usedAt)));
}
