import type { PersonListItem } from '@bpw/domain/schemas/person';
import { type SQL, and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones } from '../../db/schema/addresses';
import { clubs } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';
import { buildOnce } from '../../db/build-once';
import { anchorFor } from './person-list-anchors';
import { type PersonSort, type SortPlan, sortPlan } from './person-list-sort';
import { TtlCache } from './ttl-cache';

/**
 * GET person: one statement for the page, whatever PerPage is (the total is
 * platform/capped-total.ts). The primary club, e-mail and phone are read by the person's primary ids
 * (the sort uses the person's own copies, person-list-sort.ts). Pages from the 10,000th row on start at an anchor
 * (person-list-anchors.ts) instead of reading all rows before them.
 */
export async function findPersonPage(
  db: DbOrTx,
  params: { where: SQL | undefined; whereKey: string; sort: PersonSort; page: number; perPage: number },
): Promise<PersonListItem[]> {
  const plan = sortPlan(params.sort);
  const sortKey = JSON.stringify(params.sort);
  let where = params.where;
  let offset = params.page * params.perPage;
  let anchorKey = '';
  if (params.perPage > 0 && plan.keys) {
    const anchor = await anchorFor(db, {
      key: `${params.whereKey}\u0000${sortKey}`,
      where,
      plan: { ...plan, keys: plan.keys },
      offset,
    });
    if (anchor) {
      where = and(where, anchor.after);
      offset = anchor.skip;
      anchorKey = anchor.key;
    }
  }
  // Building the statement costs more CPU than PostgreSQL spends on it, and the same pages are
  // asked for again and again: each distinct page is built once (docs/performance.md).
  let built = builtPages.get(db);
  if (!built) {
    built = new TtlCache({ ttlMs: BUILT_PAGE_TTL_MS, maxEntries: MAX_BUILT_PAGES });
    builtPages.set(db, built);
  }
  const key = [params.whereKey, sortKey, params.perPage, offset, anchorKey].join('\u0000');
  let query = built.get(key);
  if (!query) {
    query = buildOnce(pageQuery(db, { where, plan, perPage: params.perPage, offset }));
    built.set(key, query);
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    avatarId: r.avatarId,
    primaryClub: r.clubId !== null && r.clubName !== null ? { id: r.clubId, name: r.clubName } : null,
    primaryEmail: r.email !== null ? { value: r.email } : null,
    primaryPhone: r.phone !== null ? { value: r.phone } : null,
    state: r.state,
    languageCode: r.languageCode,
  }));
}

const BUILT_PAGE_TTL_MS = 10 * 60_000;
const MAX_BUILT_PAGES = 500;
/** Per database handle: a built statement runs on the connection pool it was built for. */
const builtPages = new WeakMap<DbOrTx, TtlCache<ReturnType<ReturnType<typeof pageQuery>['prepare']>>>();

function pageQuery(db: DbOrTx, params: { where: SQL | undefined; plan: SortPlan; perPage: number; offset: number }) {
  const select = db
    .select({
      id: persons.id,
      firstname: persons.firstname,
      lastname: persons.lastname,
      avatarId: persons.avatarId,
      state: persons.state,
      languageCode: persons.languageCode,
      clubId: persons.primaryClubId,
      clubName: sql<string | null>`(select ${clubs.name} from ${clubs} where ${clubs.id} = ${persons.primaryClubId})`,
      email: sql<
        string | null
      >`(select ${addressEmails.value} from ${addressEmails} where ${addressEmails.id} = ${persons.primaryEmailId})`,
      phone: sql<
        string | null
      >`(select ${addressPhones.value} from ${addressPhones} where ${addressPhones.id} = ${persons.primaryPhoneId})`,
    })
    .from(persons)
    .$dynamic();
  const query = select.where(params.where).orderBy(...params.plan.orderBy);
  // PerPage 0 means all (DESIGN "API contract").
  return params.perPage > 0 ? query.limit(params.perPage).offset(params.offset) : query;
}
