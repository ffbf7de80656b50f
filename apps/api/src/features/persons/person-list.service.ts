import {
  type Actor,
  type PersonFilterParameters,
  adminOnlyFiltersUsed,
  canUseAllPersonFilters,
} from '@bpw/domain/permissions';
import type { PersonList, PersonListQuery } from '@bpw/domain/schemas/person';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { ActorCheck } from '../../platform/auth/actor-check';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest } from '../../platform/errors';

/**
 * Spec 01 §2: a person filter value only admins may choose is refused with 400, one message per
 * parameter, rather than ignored (the person list and the export).
 */
export function refuseAdminOnlyFilters<N extends string>(actor: Actor, parameters: PersonFilterParameters<N>): void {
  const refused = adminOnlyFiltersUsed(actor, parameters);
  if (refused.length > 0) {
    throw badRequest(...refused.map((field) => ({ key: 'error.adminOnlyFilter', params: { field } })));
  }
}

/**
 * GET person (spec 01 §2, §7): every signed-in user; archived persons only for admins. Non-admins
 * may choose only the limited person filters and no state but Active: anything else is refused
 * with 400 rather than ignored, so a list never silently shows more than was asked for.
 */
export async function findPersons(
  deps: Pick<FeatureDeps, 'now' | 'personListReader' | 'config'>,
  actor: Actor,
  query: PersonListQuery,
  actorCheck?: ActorCheck,
): Promise<PersonList> {
  refuseAdminOnlyFilters(actor, {
    PersonClubTypes: { kind: 'personListFilters', values: query.PersonClubTypes },
    States: { kind: 'states', values: query.States },
    BpwCourier: { kind: 'courier', values: query.BpwCourier },
  });
  const isAdmin = canUseAllPersonFilters(actor);
  const { SortBy, SortDesc, Page: page, PerPage: perPage, ...filters } = query;
  return deps.personListReader.readPage({
    filters,
    context: { today: isoDateInSwitzerland(deps.now()), isAdmin },
    sort: SortBy.map((key, i) => ({ key, isDescending: SortDesc[i] ?? false })),
    page,
    perPage,
    maxAll: deps.config.listAllLimit,
    actorCheck,
  });
}
