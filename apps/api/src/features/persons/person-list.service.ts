import { EntityState } from '@bpw/domain/enums/entity-state';
import { isLimitedPersonListFilter } from '@bpw/domain/enums/person-list-filter';
import { type Actor, canUseAllPersonFilters } from '@bpw/domain/permissions';
import type { PersonList, PersonListQuery } from '@bpw/domain/schemas/person';
import type { SQL } from 'drizzle-orm';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, type Message } from '../../platform/errors';
import { type FilterContext, personListWhere } from './person-filters';
import { findPersonPage } from './person-list.queries';
import { countPersonsCapped, whereKey } from '../../platform/capped-total';
import { TtlCache } from './ttl-cache';
import type { PersonsDeps } from './persons.service';

const wheres = new TtlCache<{ where: SQL | undefined; key: string }>({ ttlMs: 10 * 60_000, maxEntries: 500 });

/** The WHERE of a list request and its text, built once per distinct filter and day. */
function listWhere(query: PersonListQuery, context: FilterContext) {
  const { SortBy: _sortBy, SortDesc: _sortDesc, Page: _page, PerPage: _perPage, ...filters } = query;
  const cacheKey = JSON.stringify([filters, context]);
  let found = wheres.get(cacheKey);
  if (!found) {
    const where = personListWhere(filters, context);
    found = { where, key: whereKey(where) };
    wheres.set(cacheKey, found);
  }
  return found;
}

/**
 * GET person (spec 01 §2, §7): every signed-in user; archived persons only for admins. Non-admins
 * may choose only the limited person filters and no state but Active: anything else is refused
 * with 400 rather than ignored, so a list never silently shows more than was asked for.
 */
export async function findPersons(deps: PersonsDeps, actor: Actor, query: PersonListQuery): Promise<PersonList> {
  const isAdmin = canUseAllPersonFilters(actor);
  if (!isAdmin) {
    const refused: Message[] = [];
    if (!query.PersonClubTypes.every(isLimitedPersonListFilter)) {
      refused.push({ key: 'error.adminOnlyFilter', params: { field: 'PersonClubTypes' } });
    }
    if (!query.States.every((s) => s === EntityState.Active)) {
      refused.push({ key: 'error.adminOnlyFilter', params: { field: 'States' } });
    }
    if (query.BpwCourier.length > 0) refused.push({ key: 'error.adminOnlyFilter', params: { field: 'BpwCourier' } });
    if (refused.length > 0) throw badRequest(...refused);
  }
  const { where, key } = listWhere(query, { today: isoDateInSwitzerland(deps.now()), isAdmin });
  const sort = query.SortBy.map((key, i) => ({ key, isDescending: query.SortDesc[i] ?? false }));
  const [items, { total, isTotalEstimated }] = await Promise.all([
    findPersonPage(deps.db, { where, whereKey: key, sort, page: query.Page, perPage: query.PerPage }),
    countPersonsCapped(deps.db, { where, key }),
  ]);
  return isTotalEstimated ? { items, total, isTotalEstimated } : { items, total };
}
