import { type SQL, sql } from 'drizzle-orm';
import { type CappedTotal, countCapped } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Whom the list shows: everybody for admins (`clubIds` null); else the persons managed through
 * these clubs (canManagePerson: the primary club, or without one any club of a relation active today).
 */
export type DuplicateScope = { clubIds: readonly string[] | null; today: string };

function managed(alias: 'p1' | 'p2', scope: DuplicateScope): SQL {
  const clubs = uuids(scope.clubIds ?? []);
  const p = sql.raw(alias);
  return sql`(${p}.primary_club_id = any(${clubs}) or (${p}.primary_club_id is null and exists (
    select 1 from club_relations cr where cr.person_id = ${p}.id and cr.club_id = any(${clubs})
      and cr.from_date <= ${scope.today} and (cr.to_date is null or cr.to_date >= ${scope.today}))))`;
}

const scopeWhere = (scope: DuplicateScope) =>
  scope.clubIds === null ? sql`true` : sql`${managed('p1', scope)} and ${managed('p2', scope)}`;

export type DuplicatePairRow = { person_id_1: string; person_id_2: string; reasons: number };

/**
 * A page of pairs in the list's order (strongest reason, then name): one range of
 * `duplicate_pairs_list_idx`. The persons' details come in a second statement: one statement
 * joining ten tables spent 75 ms planning for 1.5 ms of work.
 */
export async function findDuplicatePage(
  db: DbOrTx,
  params: { scope: DuplicateScope; limit: number; offset: number },
): Promise<DuplicatePairRow[]> {
  const persons =
    params.scope.clubIds === null
      ? sql``
      : sql`join persons p1 on p1.id = dp.person_id_1 join persons p2 on p2.id = dp.person_id_2`;
  return rowsOf<DuplicatePairRow>(
    await db.execute(sql`select dp.person_id_1, dp.person_id_2, dp.reasons
      from duplicate_pairs dp ${persons}
      where ${scopeWhere(params.scope)}
      order by dp.rank, dp.sort_name, dp.person_id_1, dp.person_id_2
      limit ${params.limit} offset ${params.offset}`),
  );
}

export type DuplicatePersonRow = {
  id: string;
  firstname: string | null;
  lastname: string;
  birthday: string | null;
  email: string | null;
  phone: string | null;
  zip: string | null;
  city: string | null;
  club: string | null;
  state: number;
};

/** What tells the persons of a page apart: primary e-mail, phone, address and club. */
export async function findDuplicatePersons(db: DbOrTx, params: { ids: readonly string[] }) {
  if (params.ids.length === 0) return [];
  return rowsOf<DuplicatePersonRow>(
    await db.execute(sql`select p.id, p.firstname, p.lastname, p.birthday::text as birthday, e.value as email,
        ph.value as phone, a.zip, a.city, c.name as club, p.state
      from persons p
      left join address_emails e on e.id = p.primary_email_id
      left join address_phones ph on ph.id = p.primary_phone_id
      left join addresses a on a.id = p.primary_address_id
      left join clubs c on c.id = p.primary_club_id
      where p.id = any(${uuids(params.ids)})`),
  );
}

/** The list's total, capped as the person list's: 1.9 million pairs took 0.3 s to count. */
export async function countDuplicates(db: DbOrTx, params: { scope: DuplicateScope }): Promise<CappedTotal> {
  return countCapped(
    db,
    params.scope.clubIds === null
      ? sql`duplicate_pairs`
      : sql`duplicate_pairs dp join persons p1 on p1.id = dp.person_id_1 join persons p2 on p2.id = dp.person_id_2
          where ${scopeWhere(params.scope)}`,
  );
}

/** "Not a duplicate", for good: stored, and the pair leaves the list. */
export async function dismissPair(
  tx: DbOrTx,
  params: { personId1: string; personId2: string; actorId: string; now: Date },
): Promise<void> {
  await tx.execute(sql`insert into duplicate_dismissals (person_id_1, person_id_2, dismissed_at, dismissed_by)
    values (${params.personId1}, ${params.personId2}, ${params.now.toISOString()}, ${params.actorId})
    on conflict (person_id_1, person_id_2) do nothing`);
  await tx.execute(sql`delete from duplicate_pairs
    where person_id_1 = ${params.personId1} and person_id_2 = ${params.personId2}`);
}
