import type { ClubScope } from '@bpw/domain/club-scope';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { MembershipType } from '@bpw/domain/enums/membership-type';
import { YOUNG_UNTIL_AGE_YEAR } from '@bpw/domain/person-age';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `club_relations.club_id` within the scope (all clubs: no condition; no clubs: nothing). */
export const clubCondition = (scope: ClubScope): SQL => {
  if (scope.isAllClubs) return sql`true`;
  if (scope.clubIds.length === 0) return sql`false`;
  return sql`r.club_id in (${sql.join(
    scope.clubIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
};

export type DayCounts = { day: string; interested: number; single: number; young: number };

/**
 * The membership development on each of `days` in one query: the distinct active persons
 * holding on that day an interested relation, a single relation, and a single relation while
 * young. Relations are active on a day when from <= day and (to is null or to >= day). Uses
 * club_relations_club_type_dates_idx.
 */
export async function countDevelopmentOnDays(
  db: DbOrTx,
  params: { scope: ClubScope; days: readonly string[] },
): Promise<DayCounts[]> {
  if (params.days.length === 0) return [];
  const result = await db.execute(sql`
    with days as (
      select unnest(array[${sql.join(
        params.days.map((day) => sql`${day}::date`),
        sql`, `,
      )}]) as day
    )
    select d.day::text as day,
      count(distinct r.person_id) filter (where r.type = ${MembershipType.interested})::int as interested,
      count(distinct r.person_id) filter (where r.type = ${MembershipType.single})::int as single,
      count(distinct r.person_id) filter (
        where r.type = ${MembershipType.single}
          and p.birthday >= make_date(extract(year from d.day)::int - ${YOUNG_UNTIL_AGE_YEAR}::int, 1, 1)
      )::int as young
    from days d
    left join (club_relations r join persons p on p.id = r.person_id and p.state = ${EntityState.Active})
      on r.type in (${MembershipType.interested}, ${MembershipType.single})
      and r.from_date <= d.day and (r.to_date is null or r.to_date >= d.day)
      and ${clubCondition(params.scope)}
    group by d.day
    order by d.day`);
  return rowsOf<DayCounts>(result);
}
