import { type Actor, canManageClub } from '@bpw/domain/permissions';
import type { ClubPersonListQuery, ClubPersonRelationList } from '@bpw/domain/schemas/membership';
import type { FeatureDeps } from '../../platform/feature-deps';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { notFound } from '../../platform/errors';
import { countClubPersonRelations, findClubPersonRelations } from './club-person-list.queries';
import { findClub } from './memberships.queries';

/**
 * GET club/{id}/person (spec 01 §7; issue 24: a page of one group, never the whole club): every
 * signed-in user; relations of archived persons only for admins and the club's managers
 * (docs/decisions/persons.md), the rule the unpaged list had.
 */
export async function listPersonsOfClub(
  deps: Pick<FeatureDeps, 'db' | 'now'>,
  actor: Actor,
  clubId: string,
  query: ClubPersonListQuery,
): Promise<ClubPersonRelationList> {
  if (!(await findClub(deps.db, { id: clubId }))) throw notFound();
  const params = {
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
  } as const;
  const items = await findClubPersonRelations(deps.db, params);
  const total = await countClubPersonRelations(deps.db, params);
  return { items, total };
}
