import { type Actor, canSeeAuditTrail } from '@bpw/domain/permissions';
import type { AuditTrail, AuditTrailEntry, AuditTrailQuery } from '@bpw/domain/schemas/audit-trail';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { forbidden } from '../../platform/errors';
import { type AuditTrailRow, findAuditTrailPage } from './audit-trail.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;

/** UTC ISO without milliseconds (DESIGN "API contract"). */
export const isoDateTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const numberOr = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** An entry as the trail shows it; details hold ids and numbers only (platform/audit.ts). */
export function toAuditTrailEntry(row: AuditTrailRow): AuditTrailEntry {
  const details = (row.details && typeof row.details === 'object' ? row.details : {}) as Record<string, unknown>;
  const isRelation = row.entity === 'clubRelation';
  const isExport = row.entity === 'persons' && row.action === 'exported';
  const clubId = isRelation && typeof details.clubId === 'string' ? details.clubId : null;
  return {
    id: row.id,
    at: isoDateTime(row.at),
    action: row.action,
    entity: row.entity,
    actor: row.actorId ? { id: row.actorId, firstname: row.actorFirstname, lastname: row.actorLastname } : null,
    club: clubId ? { id: clubId, name: row.clubName } : null,
    membershipType: isRelation ? numberOr(details.type) : null,
    outputFormat: isExport ? numberOr(details.outputFormat) : null,
    rowCount: isExport ? numberOr(details.rowCount) : null,
    isComplete: isExport && typeof details.isComplete === 'boolean' ? details.isComplete : null,
  };
}

/**
 * GET person/{id}/audit-entry: admins only (issue 9, shown on the person's system info). The
 * person must exist; a deleted person's entries stay in the table but have no page to show them.
 */
export async function getAuditTrail(
  deps: Deps,
  actor: Actor,
  personId: string,
  query: AuditTrailQuery,
): Promise<AuditTrail> {
  if (!canSeeAuditTrail(actor)) throw forbidden();
  await requireVisiblePersonAccess(deps, actor, personId);
  const { rows, total } = await findAuditTrailPage(deps.db, {
    personId,
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  return { items: rows.map(toAuditTrailEntry), total };
}
