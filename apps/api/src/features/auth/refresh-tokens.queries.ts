import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens } from '../../db/schema/accounts';

export async function insertRefreshToken(
  db: DbOrTx,
  params: {
    personId: string;
    chainId: string;
    tokenHash: string;
    parentId: string | null;
    expiresAt: Date;
    now: Date;
    userAgent: string | null;
  },
) {
  await db.insert(refreshTokens).values({
    personId: params.personId,
    chainId: params.chainId,
    tokenHash: params.tokenHash,
    parentId: params.parentId,
    expiresAt: params.expiresAt,
    createdAt: params.now,
    userAgent: params.userAgent,
  });
}

/**
 * Marks a token used if, and only if, it is still usable: one conditional UPDATE, so of any
 * number of parallel refreshes with the same token exactly one gets the row back.
 */
export async function claimRefreshToken(db: DbOrTx, params: { tokenHash: string; personId: string; now: Date }) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(refreshTokens.tokenHash, params.tokenHash),
        eq(refreshTokens.personId, params.personId),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, params.now),
      ),
    )
    .returning({
      id: refreshTokens.id,
      personId: refreshTokens.personId,
      chainId: refreshTokens.chainId,
      expiresAt: refreshTokens.expiresAt,
    });
  return row;
}

export async function findRefreshToken(db: DbOrTx, params: { tokenHash: string }) {
  const [row] = await db
    .select({
      personId: refreshTokens.personId,
      chainId: refreshTokens.chainId,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, params.tokenHash));
  return row;
}

/** Ends one sign-in: every token of the chain, and (auth hook) every access token carrying its id. */
export async function revokeChain(db: DbOrTx, params: { chainId: string; now: Date }) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: params.now })
    .where(and(eq(refreshTokens.chainId, params.chainId), isNull(refreshTokens.revokedAt)));
}

/** Ends all sign-ins of a person, or all but the caller's own (`exceptChainId`). */
export async function revokeChainsOfPerson(
  db: DbOrTx,
  params: { personId: string; now: Date; exceptChainId?: string },
) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: params.now })
    .where(
      and(
        eq(refreshTokens.personId, params.personId),
        isNull(refreshTokens.revokedAt),
        params.exceptChainId ? ne(refreshTokens.chainId, params.exceptChainId) : undefined,
      ),
    );
}
