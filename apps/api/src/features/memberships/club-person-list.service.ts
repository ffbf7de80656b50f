import { type Actor, canManageClub } from '@bpw/domain/permissions';
import type { ClubPersonListQuery, ClubPersonRelationList } from '@bpw/domain/schemas/membership';
import type { FeatureDeps } from '../../platform/feature-deps';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { notFound } from '../../platform/errors';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import {
  type ClubPersonListParams,
  countClubPersonRelations,
  findClubPersonRelations,
} from './club-person-list.queries';
import { findClub } from './memberships.queries';

/** Above this many relations a group's total may be a minute old (docs/decisions/club-page.md). */
const FRESH_TOTAL_LIMIT = 10_000;

export type ClubPersonTotals = LRUCache<string, number, ClubPersonListParams>;

/**
 * The totals of the club page, one cache per app: concurrent requests for one group share one
 * count; a count above 10,000 (a big club's members, 15 ms each) is kept a minute, a smaller one
 * not at all, so a small group's total is always current.
 */
export function createClubPersonTotals(db: Db): ClubPersonTotals {
  return new LRUCache<string, number, ClubPersonListParams>({
    max: 1_000,
    ttl: 60_000,
    // An exact total lives 1 ms: only requests already waiting share it (no cached clock).
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { options, context }) => {
      const total = await countClubPersonRelations(db, context);
      if (total <= FRESH_TOTAL_LIMIT) options.ttl = 1;
      return total;
    },
  });
}

/**
 * GET club/{id}/person (spec 01 §7; issue 24: a page of one group, never the whole club): every
 * signed-in user; relations of archived persons only for admins and the club's managers
 * (docs/decisions/persons.md), the rule the unpaged list had.
 */
export async function listPersonsOfClub(
  deps: Pick<FeatureDeps, 'db' | 'now'> & { clubPersonTotals: ClubPersonTotals },
  actor: Actor,
  clubId: string,
  query: ClubPersonListQuery,
): Promise<ClubPersonRelationList> {
  const params: ClubPersonListParams = {
    clubId,
    group: query.Group,
    isActive: query.IsActive,
    types: query.Types,
    name: query.Name || undefined,
    sortBy: query.SortBy[0] ?? 'name',
    isDescending: query.SortDesc[0] ?? false,
    offset: query.Page * query.PerPage,
    limit: query.PerPage,
    withArchivedPersons: canManageClub(actor, clubId),
    today: isoDateInSwitzerland(deps.now()),
  };
  // The total depends on the selection, not on the sort or the page.
  const { group, isActive, types, name, withArchivedPersons, today } = params;
  const selection = JSON.stringify([clubId, group, isActive, types, name, withArchivedPersons, today]);
  const [items, total] = await Promise.all([
    findClubPersonRelations(deps.db, params),
    deps.clubPersonTotals.fetch(selection, { context: params }),
  ]);
  // A relation names its club (a foreign key): only an empty page asks whether the club exists,
  // a statement less on nearly every request (issue 24).
  if (items.length === 0 && !(await findClub(deps.db, { id: clubId }))) throw notFound();
  return { items, total: total ?? 0 };
}
