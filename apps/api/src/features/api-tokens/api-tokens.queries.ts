import type { ApiToken } from '@bpw/domain/schemas/api-token';
import { type SQL, and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';

type Row = typeof apiTokens.$inferSelect;

export type ApiTokenOwner =
  { kind: 'personal'; personId: string } | { kind: 'club'; clubId: string } | { kind: 'association' };

/** The WHERE of one owner's tokens (each served by its own index). */
function ownerFilter(owner: ApiTokenOwner): SQL {
  if (owner.kind === 'personal') return eq(apiTokens.personId, owner.personId);
  if (owner.kind === 'club') return eq(apiTokens.clubId, owner.clubId);
  return eq(apiTokens.kind, 'association');
}

export const toApiToken = (row: Row): ApiToken => ({
  id: row.id,
  kind: row.kind as ApiToken['kind'],
  name: row.name,
  scopes: row.scopes as ApiToken['scopes'],
  clubId: row.clubId,
  hint: row.hint,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** One owner's tokens, newest first, one page. */
export async function findApiTokens(db: DbOrTx, params: { owner: ApiTokenOwner; limit: number; offset: number }) {
  const where = ownerFilter(params.owner);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(apiTokens)
      .where(where)
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ total: count() }).from(apiTokens).where(where),
  ]);
  return { items: rows.map(toApiToken), total: total?.total ?? 0 };
}

export async function insertApiToken(
  db: DbOrTx,
  values: {
    owner: ApiTokenOwner;
    name: string;
    scopes: string[];
    secretHash: string;
    hint: string;
    createdBy: string;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  const { owner, ...rest } = values;
  const [row] = await db
    .insert(apiTokens)
    .values({
      ...rest,
      kind: owner.kind,
      personId: owner.kind === 'personal' ? owner.personId : null,
      clubId: owner.kind === 'club' ? owner.clubId : null,
    })
    .returning();
  return toApiToken(row!);
}

/** Who owns a token: what the revoke route authorises against. */
export async function findApiTokenOwner(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select({ kind: apiTokens.kind, personId: apiTokens.personId, clubId: apiTokens.clubId })
    .from(apiTokens)
    .where(eq(apiTokens.id, params.id));
  return row;
}

/** Revokes a token once; answers the token as it is now. */
export async function revokeApiToken(db: DbOrTx, params: { id: string; at: Date }) {
  await db
    .update(apiTokens)
    .set({ revokedAt: params.at })
    .where(and(eq(apiTokens.id, params.id), isNull(apiTokens.revokedAt)));
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, params.id));
  return row ? toApiToken(row) : undefined;
}
