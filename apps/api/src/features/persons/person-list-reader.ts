import { tooManyForAll } from '../../platform/errors';
import type { PersonList } from '@bpw/domain/schemas/person';
import { type SQL, and } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { buildOnce } from '../../db/build-once';
import { type ActorCheck, actorCheckValues } from '../../platform/auth/actor-check';
import type { Db } from '../../db/client';
import {
  type FilterContext,
  type PersonFilters,
  type PersonPrefixIndex,
  personListWhere,
  personPrefixIndex,
} from './person-filters';
import { type PersonSort, type SortPlan, afterRow, prefixIndexPlan, sortPlan } from './person-list-sort';
import type { CappedTotal } from '../../db/capped-count';
import {
  type ListSource,
  countPersonsCapped,
  personPageQuery,
  toPersonListItem,
  walkAnchors,
} from './person-list.queries';

/**
 * The read path of GET person (and the total of the dashboard's birthdays) with the caches that
 * make it fast (docs/performance.md). One per app, made in buildApp: the caches live and die
 * with it, and two apps in one process share none of them.
 */
export type PersonListReader = {
  /** One page of the list and its total; the caller has authorised the filters. */
  readPage(params: {
    filters: PersonFilters;
    context: FilterContext;
    sort: PersonSort;
    page: number;
    /** 0 is "all": answered only up to `maxAll` persons, else refused (`tooManyForAll`). */
    perPage: number;
    maxAll: number;
    /** The signed-in person's facts to confirm in the page's statement (actor-check.ts). */
    actorCheck?: ActorCheck;
  }): Promise<PersonList>;
  /** How many persons match: exact up to 10,000, above that estimated and flagged. */
  countPersons(where: SQL | undefined): Promise<CappedTotal>;
};

/**
 * Deep pages without walking from the first row. OFFSET 50,000 makes the database read and
 * filter 50,000 rows on every request; instead, pages from ANCHOR_FROM rows on start at an
 * anchor: the sort keys of every ANCHOR_STEP-th row, found once by one walk and kept for a
 * minute per filter and sort. A page is then "the rows after anchor k, skip r < ANCHOR_STEP".
 * Like the estimated total, such a page may be off by the persons added or removed before it
 * in that minute (docs/performance.md "Deep pages").
 */
const ANCHOR_FROM = 10_000;
const ANCHOR_STEP = 100;

/** anchors[k] holds the key values of row (k + 1) * ANCHOR_STEP - 1 (zero-based). */
type Anchors = unknown[][];
type AnchorWalk = {
  known: Anchors;
  where: SQL | undefined;
  source: ListSource;
  plan: SortPlan & { keys: SQL[] };
  block: number;
};

const dialect = new PgDialect();

/** The caches' key of a WHERE: its text and parameters as the database sees them. */
function whereKey(where: SQL | undefined): string {
  if (!where) return '';
  const { sql: text, params } = dialect.sqlToQuery(where);
  return `${text}\u0000${JSON.stringify(params)}`;
}

export function createPersonListReader(db: Db): PersonListReader {
  // Building a statement costs more CPU than PostgreSQL spends on it, and the same lists are
  // asked for again and again: each distinct filter (per day) and page is built once.
  type ListFilter = { filters: PersonFilters; context: FilterContext };
  type ListWhere = { where: SQL | undefined; key: string; search: PersonPrefixIndex | undefined };
  const wheres = new LRUCache<string, ListWhere, ListFilter>({
    max: 500,
    ttl: 10 * 60_000,
    memoMethod: (_key, _stale, { context: { filters, context } }) => {
      const where = personListWhere(filters, context);
      return { where, key: whereKey(where), search: personPrefixIndex(filters, context) };
    },
  });
  const buildPage = (params: {
    where: SQL | undefined;
    plan: SortPlan;
    perPage: number;
    offset: number;
    source: ListSource;
  }) => buildOnce(personPageQuery(db, params));
  const pages = new LRUCache<string, ReturnType<typeof buildPage>, Parameters<typeof buildPage>[0]>({
    max: 500,
    ttl: 10 * 60_000,
    memoMethod: (_key, _stale, { context }) => buildPage(context),
  });
  // Anchor lists whose walk reached the end of the list (shorter than the page asked for).
  const walkedToEnd = new WeakSet<Anchors>();
  // A walk goes on from the anchors already known, to the deepest page asked for so far; the
  // minute counts from the first walk (noUpdateTTL). Concurrent requests share a walk.
  const anchors = new LRUCache<string, Anchors, AnchorWalk>({
    max: 200,
    ttl: 60_000,
    noUpdateTTL: true,
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context: { known, where, source, plan, block } }) => {
      const last = known.at(-1);
      const walked = await walkAnchors(db, {
        plan,
        source,
        where: and(where, last ? afterRow(plan.keys, last, plan.isDescending) : undefined),
        count: (block - known.length) * ANCHOR_STEP,
        step: ANCHOR_STEP,
      });
      const all = [...known, ...walked];
      // The walk reached the list's end: a page beyond it needs no walk again in that minute.
      if (walked.length < block - known.length) walkedToEnd.add(all);
      return all;
    },
  });
  // Concurrent requests for one selection share one count (32 first visitors of a city would
  // otherwise count it 32 times at once); an estimate is kept a minute, an exact total not at all.
  const totals = new LRUCache<string, CappedTotal, { where: SQL | undefined; search?: PersonPrefixIndex }>({
    max: 500,
    ttl: 60_000,
    // An exact total lives 1 ms: only requests already waiting share it (no cached clock).
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { options, context }) => {
      // A search or address filter counts in its prefix index (alone when the prefix decides who matches).
      const { search } = context;
      const counted = await countPersonsCapped(db, {
        where: search ? search.where : context.where,
        source: { range: search?.range },
        personsNeeded: !search?.decidesAlone,
      });
      if (!counted.isTotalEstimated) options.ttl = 1;
      return counted;
    },
  });

  /** The anchors of a list up to `block` blocks, or fewer when the list is shorter. */
  async function anchorsUpTo(key: string, walk: Omit<AnchorWalk, 'known'>): Promise<Anchors> {
    for (;;) {
      const known = anchors.get(key); // undefined while a walk is under way
      if (known && (known.length >= walk.block || walkedToEnd.has(known))) return known;
      const status: LRUCache.Status<string, Anchors, AnchorWalk> = {};
      const walked =
        (await anchors.fetch(key, { forceRefresh: !!known, status, context: { ...walk, known: known ?? [] } })) ?? [];
      // Another request's walk may have stopped short of this page: look again.
      if (status.fetch !== 'inflight' || walked.length >= walk.block || walkedToEnd.has(walked)) return walked;
    }
  }

  /** Where the page at `offset` starts, or undefined when it is near the top (or empty). */
  async function anchorFor(
    key: string,
    list: { where: SQL | undefined; source: ListSource; plan: SortPlan },
    offset: number,
  ) {
    const { plan } = list;
    if (offset < ANCHOR_FROM || !plan.keys) return undefined;
    const block = Math.floor(offset / ANCHOR_STEP); // anchors[block - 1] ends the rows before the block
    const found = await anchorsUpTo(key, { ...list, plan: { ...plan, keys: plan.keys }, block });
    // Fewer rows than the offset: the page is empty; it is read after the last anchor (fewer
    // than ANCHOR_STEP rows), or by the plain statement when the list is shorter than one step.
    const k = Math.min(block, found.length) - 1;
    if (k < 0) return undefined;
    const anchor = found[k]!;
    return {
      after: afterRow(plan.keys, anchor, plan.isDescending),
      skip: offset - (k + 1) * ANCHOR_STEP,
      key: JSON.stringify(anchor),
    };
  }

  async function countPersons(
    where: SQL | undefined,
    key = whereKey(where),
    search?: PersonPrefixIndex,
  ): Promise<CappedTotal> {
    return (await totals.fetch(key, { context: { where, search } }))!;
  }

  async function findPage(params: {
    where: SQL | undefined;
    key: string;
    search: PersonPrefixIndex | undefined;
    sort: PersonSort;
    offset: number;
    perPage: number;
    actorCheck: ActorCheck | undefined;
  }) {
    // A Name search or address filter in the default order reads its prefix index's range
    // (about PerPage rows).
    const indexPlan = params.search ? prefixIndexPlan(params.sort, params.search.range) : undefined;
    const plan = indexPlan ?? sortPlan(params.sort);
    const source: ListSource = { range: indexPlan && params.search?.range };
    const listWhere = indexPlan ? params.search?.where : params.where;
    const listKey = `${params.key}\u0000${JSON.stringify(params.sort)}`;
    const anchor =
      params.perPage > 0 ? await anchorFor(listKey, { where: listWhere, source, plan }, params.offset) : undefined;
    const where = anchor ? and(listWhere, anchor.after) : listWhere;
    const offset = anchor ? anchor.skip : params.offset;
    const page = pages.memo([listKey, params.perPage, offset, anchor?.key ?? ''].join('\u0000'), {
      context: { where, plan, perPage: params.perPage, offset, source },
    });
    const rows = await page.execute(actorCheckValues(params.actorCheck));
    if (rows[0]) params.actorCheck?.see(rows[0].actorNow);
    return rows.map(toPersonListItem);
  }

  return {
    async readPage({ filters, context, sort, page, perPage, maxAll, actorCheck }) {
      const { where, key, search } = wheres.memo(JSON.stringify([filters, context]), { context: { filters, context } });
      if (perPage === 0) {
        // "All" of a million is no answer (issue 20): count first, read only a bounded selection.
        const counted = await countPersons(where, key, search);
        if (counted.total > maxAll) throw tooManyForAll(maxAll);
        const items = await findPage({ where, key, search, sort, offset: 0, perPage, actorCheck });
        return { items, total: counted.total };
      }
      const [items, { total, isTotalEstimated }] = await Promise.all([
        findPage({ where, key, search, sort, offset: page * perPage, perPage, actorCheck }),
        countPersons(where, key, search),
      ]);
      return isTotalEstimated ? { items, total, isTotalEstimated } : { items, total };
    },
    countPersons: (where) => countPersons(where),
  };
}
