import type { ClubScope } from '@bpw/domain/club-scope';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { MembershipType } from '@bpw/domain/enums/membership-type';
import { YOUNG_UNTIL_AGE_YEAR } from '@bpw/domain/person-age';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `club_relations.club_id` within the scope (all clubs: no condition; no clubs: nothing). */
const clubCondition = (scope: ClubScope): SQL => {
  if (scope.isAllClubs) return sql`true`;
  if (scope.clubIds.length === 0) return sql`false`;
  return sql`r.club_id in (${sql.join(
    scope.clubIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
};

export type QuarterCounts = { n: number; quarterStart: string; interested: number; single: number; young: number };

/**
 * The membership development in one query: for each of the last `buckets` quarters (the current
 * one last), the distinct active persons holding on the quarter's last day (today for the current
 * quarter) an interested relation, a single relation, and a single relation while young.
 * Relations are active on a day when from <= day and (to is null or to >= day). Uses
 * club_relations_club_type_dates_idx.
 */
export async function countQuarterlyDevelopment(
  db: DbOrTx,
  params: { scope: ClubScope; today: string; buckets: number },
): Promise<QuarterCounts[]> {
  const last = params.buckets - 1;
  const result = await db.execute(sql`
    with buckets as (
      select g.n::int as n, q.start::date as quarter_start,
        least((q.start + interval '3 months' - interval '1 day')::date, ${params.today}::date) as day
      from generate_series(0, ${last}::int) as g(n)
      cross join lateral (
        select date_trunc('quarter', ${params.today}::timestamp) - make_interval(months => 3 * (${last}::int - g.n)) as start
      ) as q
    )
    select b.n, b.quarter_start::text as "quarterStart",
      count(distinct r.person_id) filter (where r.type = ${MembershipType.interested})::int as interested,
      count(distinct r.person_id) filter (where r.type = ${MembershipType.single})::int as single,
      count(distinct r.person_id) filter (
        where r.type = ${MembershipType.single}
          and p.birthday >= make_date(extract(year from b.day)::int - ${YOUNG_UNTIL_AGE_YEAR}::int, 1, 1)
      )::int as young
    from buckets b
    left join (club_relations r join persons p on p.id = r.person_id and p.state = ${EntityState.Active})
      on r.type in (${MembershipType.interested}, ${MembershipType.single})
      and r.from_date <= b.day and (r.to_date is null or r.to_date >= b.day)
      and ${clubCondition(params.scope)}
    group by b.n, b.quarter_start
    order by b.n`);
  return rowsOf<QuarterCounts>(result);
}

export type BirthdayRow = {
  id: string;
  firstname: string | null;
  lastname: string;
  avatarId: string | null;
  primaryClubId: string | null;
  primaryClubName: string | null;
  birthday: string;
  nextBirthday: string;
  age: number;
};

/**
 * Active persons with a relation active today in the scope whose next birthday (today included)
 * is within `days` days, in date order. `date + interval 'n years'` turns 29 February into
 * 28 February in common years, as the domain's `addYears` does.
 */
export async function findUpcomingBirthdays(
  db: DbOrTx,
  params: { scope: ClubScope; today: string; days: number },
): Promise<BirthdayRow[]> {
  const result = await db.execute(sql`
    with scoped as (
      select distinct r.person_id as id from club_relations r
      where r.from_date <= ${params.today}::date and (r.to_date is null or r.to_date >= ${params.today}::date)
        and ${clubCondition(params.scope)}
    ), anniversaries as (
      select p.id, p.firstname, p.lastname, p.avatar_id, p.primary_club_id, p.birthday,
        (p.birthday + make_interval(years => extract(year from ${params.today}::date)::int
          - extract(year from p.birthday)::int))::date as this_year
      from persons p join scoped s on s.id = p.id
      where p.state = ${EntityState.Active} and p.birthday is not null
    ), upcoming as (
      select a.*, case when a.this_year >= ${params.today}::date then a.this_year
        else (a.birthday + make_interval(years => extract(year from ${params.today}::date)::int + 1
          - extract(year from a.birthday)::int))::date end as next_birthday
      from anniversaries a
    )
    select u.id, u.firstname, u.lastname, u.avatar_id as "avatarId", u.primary_club_id as "primaryClubId",
      c.name as "primaryClubName", u.birthday::text as birthday, u.next_birthday::text as "nextBirthday",
      (extract(year from u.next_birthday) - extract(year from u.birthday))::int as age
    from upcoming u left join clubs c on c.id = u.primary_club_id
    where u.next_birthday < ${params.today}::date + ${params.days}::int
    order by u.next_birthday, u.lastname, u.firstname, u.id`);
  return rowsOf<BirthdayRow>(result);
}
