import { type SQL, and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema/persons';
import { type SortPlan, afterRow } from './person-list-sort';
import { TtlCache } from './ttl-cache';

/**
 * Deep pages without walking from the first row. OFFSET 50,000 makes the database read and
 * filter 50,000 rows on every request; instead, pages from ANCHOR_FROM rows on start at an
 * anchor: the sort keys of every ANCHOR_STEP-th row, found once by one walk and kept for a
 * minute per filter and sort. A page is then "the rows after anchor k, skip r < ANCHOR_STEP".
 * Like the estimated total above 10,000 matches, such a page may be off by the persons
 * added or removed before it in that minute (docs/performance.md "Deep pages").
 */
export const ANCHOR_FROM = 10_000;
const ANCHOR_STEP = 100;
const ANCHOR_TTL_MS = 60_000;

/** anchors[k] holds the key values of row (k + 1) * ANCHOR_STEP - 1 (zero-based). */
type Anchors = unknown[][];
const cache = new TtlCache<Anchors>({ ttlMs: ANCHOR_TTL_MS, maxEntries: 200 });
const inFlight = new Map<string, Promise<Anchors>>();

/**
 * The key values of every ANCHOR_STEP-th row of the first `count` rows (after `after`), in one
 * walk: the same order as the page query, numbered by a window that streams.
 */
async function walkAnchors(
  db: DbOrTx,
  params: { plan: SortPlan & { keys: SQL[] }; where: SQL | undefined; count: number },
): Promise<unknown[][]> {
  const { plan } = params;
  const select = db
    .select({
      keys: sql<unknown>`json_build_array(${sql.join(plan.keys, sql`, `)})`.as('keys'),
      n: sql<number>`row_number() over (order by ${sql.join(plan.orderBy, sql`, `)})`.as('n'),
    })
    .from(persons)
    .$dynamic();
  const numbered = select
    .where(params.where)
    .orderBy(...plan.orderBy)
    .limit(params.count)
    .as('numbered');
  const rows = await db
    .select({ keys: numbered.keys })
    .from(numbered)
    .where(sql`${numbered.n} % ${ANCHOR_STEP} = 0`)
    .orderBy(numbered.n);
  return rows.map((r) => (typeof r.keys === 'string' ? JSON.parse(r.keys) : r.keys) as unknown[]);
}

/**
 * Where the page at `offset` starts: `{ after, skip, key }` (the rows after `after`, skipping
 * `skip`; `key` names the anchor row), or undefined when the page is near the top. Walks at
 * most once per filter, sort and minute to the deepest page asked for so far.
 */
export async function anchorFor(
  db: DbOrTx,
  params: { key: string; where: SQL | undefined; plan: SortPlan & { keys: SQL[] }; offset: number },
): Promise<{ after: SQL; skip: number; key: string } | undefined> {
  if (params.offset < ANCHOR_FROM) return undefined;
  const block = Math.floor(params.offset / ANCHOR_STEP); // anchors[block - 1] ends the rows before the block
  let anchors = cache.get(params.key) ?? [];
  if (anchors.length < block) {
    // Concurrent requests for deep pages of one list share one walk.
    const walkKey = `${params.key}\u0000${block}`;
    let walking = inFlight.get(walkKey);
    if (!walking) {
      const known = anchors;
      const last = known.at(-1);
      walking = walkAnchors(db, {
        plan: params.plan,
        where: and(params.where, last ? afterRow(params.plan.keys, last, params.plan.isDescending) : undefined),
        count: (block - known.length) * ANCHOR_STEP,
      })
        .then((walked) => {
          const all = [...known, ...walked];
          cache.update(params.key, all);
          return all;
        })
        .finally(() => inFlight.delete(walkKey));
      inFlight.set(walkKey, walking);
    }
    anchors = await walking;
    // Fewer rows than the offset: the page is empty; the plain query says so.
    if (anchors.length < block) return undefined;
  }
  const anchor = anchors[block - 1]!;
  return {
    after: afterRow(params.plan.keys, anchor, params.plan.isDescending),
    skip: params.offset - block * ANCHOR_STEP,
    key: JSON.stringify(anchor),
  };
}
