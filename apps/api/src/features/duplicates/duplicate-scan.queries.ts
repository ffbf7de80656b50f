import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The incremental duplicate scan (docs/decisions/duplicates.md): a batch of queued persons gets
 * its match keys written again, and its pairs found again by joining those keys with everyone
 * else's. Each step is one set-based statement whatever the batch size.
 */

/** Similar names: pg_trgm similarity of the folded "firstname lastname" (Meier/Meyer 0.6, Anna/Andrea 0.53). */
export const SIMILAR_NAME_THRESHOLD = 0.6;
/** An e-mail, phone or name+birthday shared by more persons than this is no duplicate signal (info@club.ch). */
export const SHARED_KEY_LIMIT = 20;

const fullName = (alias: string) =>
  sql.raw(`duplicate_fold(coalesce(${alias}.firstname, '') || ' ' || ${alias}.lastname)`);
const sortName = (alias: string) =>
  sql.raw(`duplicate_fold(${alias}.lastname || ' ' || coalesce(${alias}.firstname, ''))`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Takes up to `limit` queued persons off the queue (skipping those another scan holds): the
 * oldest first for the job, the newest first for a list request (what was just changed).
 */
export async function claimQueuedPersons(
  tx: DbOrTx,
  params: { limit: number; isNewestFirst?: boolean },
): Promise<string[]> {
  const order = params.isNewestFirst ? sql`queued_at desc, person_id desc` : sql`queued_at, person_id`;
  const rows = rowsOf<{ person_id: string }>(
    await tx.execute(sql`delete from duplicate_queue where person_id in (
      select person_id from duplicate_queue order by ${order} limit ${params.limit} for update skip locked)
      returning person_id`),
  );
  return rows.map((r) => r.person_id);
}

export async function hasQueuedPersons(db: DbOrTx): Promise<boolean> {
  const [row] = rowsOf<{ is_queued: boolean }>(
    await db.execute(sql`select exists (select 1 from duplicate_queue) as is_queued`),
  );
  return row?.is_queued === true;
}

/** Queues persons for a scan (the merge's survivor; a full rebuild). */
export async function queuePersons(db: DbOrTx, params: { ids: readonly string[] }): Promise<void> {
  if (params.ids.length === 0) return;
  await db.execute(sql`insert into duplicate_queue (person_id) select unnest(${uuids(params.ids)})
    on conflict (person_id) do nothing`);
}

/**
 * Takes the key-share locks the keys' and pairs' foreign keys need, at once after the claim, so a
 * batch that meets a person being written waits (and gives up) right away, not half-way through.
 */
export async function lockPersonsForScan(tx: DbOrTx, params: { ids: readonly string[] }): Promise<void> {
  if (params.ids.length === 0) return;
  await tx.execute(sql`select id from persons where id = any(${uuids(params.ids)}) order by id for key share`);
}

/** Recomputes the keys and pairs of these persons (missing ones are skipped). */
export async function scanPersons(tx: DbOrTx, params: { ids: readonly string[] }): Promise<void> {
  if (params.ids.length === 0) return;
  const ids = uuids(params.ids);
  await tx.execute(sql`delete from duplicate_keys where person_id = any(${ids})`);
  await tx.execute(sql`insert into duplicate_keys (kind, key, person_id)
    select distinct k.kind, k.key, k.person_id from (
      select 1 as kind, lower(trim(e.value)) as key, e.person_id
        from address_emails e where e.person_id = any(${ids}) and trim(e.value) <> ''
      union all
      select 2, duplicate_fold(p.lastname) || '|' || duplicate_fold(p.firstname) || '|' || p.birthday::text, p.id
        from persons p where p.id = any(${ids}) and p.birthday is not null
      union all
      select 3, trim(a.zip) || '|' || left(duplicate_fold(p.lastname), 1) || left(duplicate_fold(p.firstname), 1), p.id
        from addresses a join persons p on p.id = a.person_id
        where a.person_id = any(${ids}) and trim(coalesce(a.zip, '')) <> ''
      union all
      select 4, right(regexp_replace(ph.value, '[^0-9]', '', 'g'), 9), ph.person_id
        from address_phones ph where ph.person_id = any(${ids})
        and length(regexp_replace(ph.value, '[^0-9]', '', 'g')) >= 6
    ) k`);
  await tx.execute(sql`delete from duplicate_pairs where person_id_1 = any(${ids}) or person_id_2 = any(${ids})`);
  await tx.execute(sql`insert into duplicate_pairs (person_id_1, person_id_2, reasons, rank, sort_name)
    select m.id1, m.id2, m.reasons,
      case when m.reasons & 1 <> 0 then 1 when m.reasons & 2 <> 0 then 2 else 3 end,
      least(${sortName('p1')}, ${sortName('p2')})
    from (
      select least(k1.person_id, k2.person_id) as id1, greatest(k1.person_id, k2.person_id) as id2,
        bit_or((1 << (k1.kind - 1))::int)::smallint as reasons
      from duplicate_keys k1
      join duplicate_keys k2 on k2.kind = k1.kind and k2.key = k1.key and k2.person_id <> k1.person_id
      join persons a on a.id = k1.person_id
      join persons b on b.id = k2.person_id
      where k1.person_id = any(${ids})
        and (k1.kind in (1, 2) or similarity(${fullName('a')}, ${fullName('b')}) >= ${SIMILAR_NAME_THRESHOLD})
        and (k1.kind = 3 or (select count(*) from (select 1 from duplicate_keys k3
          where k3.kind = k1.kind and k3.key = k1.key limit ${SHARED_KEY_LIMIT + 1}) held) <= ${SHARED_KEY_LIMIT})
      group by 1, 2
    ) m
    join persons p1 on p1.id = m.id1
    join persons p2 on p2.id = m.id2
    where not exists (select 1 from duplicate_dismissals d where d.person_id_1 = m.id1 and d.person_id_2 = m.id2)
    on conflict (person_id_1, person_id_2) do update
      set reasons = excluded.reasons, rank = excluded.rank, sort_name = excluded.sort_name`);
}
