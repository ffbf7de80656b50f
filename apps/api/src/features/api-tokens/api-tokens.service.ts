import type { Actor } from '@bpw/domain/actor';
import { canManageClub } from '@bpw/domain/permissions';
import {
  type ApiToken,
  type CreateApiTokenBody,
  type CreatedApiToken,
  apiTokenPrefix,
} from '@bpw/domain/schemas/api-token';
import { eq } from 'drizzle-orm';
import { clubs } from '../../db/schema/clubs';
import { writeAuditEntry } from '../../platform/audit';
import { forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { hashToken, newOpaqueToken } from '../../platform/auth/secure-tokens';
import {
  type ApiTokenOwner,
  findApiTokenOwner,
  findApiTokens,
  insertApiToken,
  revokeApiToken,
} from './api-tokens.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;
type Paging = { Page: number; PerPage: number };
const DAY_MS = 86_400_000;

/**
 * Who may manage an owner's tokens (docs/decisions/api-tokens.md): a person her own, a club's
 * database managers (and admins) the club's, admins the association's. Checked first.
 */
export async function authorizeTokenOwner(deps: Deps, actor: Actor, owner: ApiTokenOwner): Promise<void> {
  if (owner.kind === 'personal') {
    if (owner.personId !== actor.personId) throw notFound();
    return;
  }
  if (owner.kind === 'association') {
    if (!actor.isAdmin) throw forbidden();
    return;
  }
  if (!canManageClub(actor, owner.clubId)) throw forbidden();
  const [club] = await deps.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, owner.clubId));
  if (!club) throw notFound();
}

export async function listApiTokens(deps: Deps, actor: Actor, owner: ApiTokenOwner, paging: Paging) {
  await authorizeTokenOwner(deps, actor, owner);
  const limit = paging.PerPage === 0 ? 1000 : paging.PerPage;
  return findApiTokens(deps.db, { owner, limit, offset: paging.Page * limit });
}

/** A new token: 256 random bits after its prefix, shown this once; only its SHA-256 is kept. */
export async function createApiToken(
  deps: Deps,
  actor: Actor,
  owner: ApiTokenOwner,
  body: CreateApiTokenBody,
): Promise<CreatedApiToken> {
  await authorizeTokenOwner(deps, actor, owner);
  const secret = `${apiTokenPrefix[owner.kind]}${newOpaqueToken()}`;
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const token = await insertApiToken(tx, {
      owner,
      name: body.name,
      scopes: [...body.scopes],
      secretHash: hashToken(secret),
      hint: secret.slice(0, apiTokenPrefix[owner.kind].length + 4),
      createdBy: actor.personId,
      createdAt: at,
      expiresAt: new Date(at.getTime() + body.expiresInDays * DAY_MS),
    });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'created',
      entity: 'apiToken',
      entityId: token.id,
      at,
      details: { kind: owner.kind, scopes: token.scopes, ...(owner.kind === 'club' ? { clubId: owner.clubId } : {}) },
    });
    return { token, secret };
  });
}

/** Revoking works at once: the next request with the token is refused (401). */
export async function revokeApiTokenById(deps: Deps, actor: Actor, id: string): Promise<ApiToken> {
  const row = await findApiTokenOwner(deps.db, { id });
  if (!row) throw notFound();
  const owner: ApiTokenOwner =
    row.kind === 'personal'
      ? { kind: 'personal', personId: row.personId! }
      : row.kind === 'club'
        ? { kind: 'club', clubId: row.clubId! }
        : { kind: 'association' };
  // Another's token is not hers to know of: 404, as for an unknown id.
  try {
    await authorizeTokenOwner(deps, actor, owner);
  } catch {
    throw notFound();
  }
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const token = await revokeApiToken(tx, { id, at });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'deleted',
      entity: 'apiToken',
      entityId: id,
      at,
    });
    return token!;
  });
}
