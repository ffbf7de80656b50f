import type { ClubScope } from '@bpw/domain/club-scope';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema/persons';
import { clubCondition } from './dashboard.queries';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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

/** The birthday's day of the year as month * 100 + day: the key of persons_birthday_day_idx. */
const dayOfYear = sql`((extract(month from ${persons.birthday}) * 100 + extract(day from ${persons.birthday}))::int)`;

const monthDay = (iso: string) => Number(iso.slice(5, 7)) * 100 + Number(iso.slice(8, 10));
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The days of the year (month * 100 + day) of the `days` days from `today` on, as ranges in
 * calendar order: one, or two at the turn of the year. Someone born on 29 February has her
 * birthday on 28 February in common years, so a window ending on that day takes her in too.
 */
export function birthdayDayRanges(today: string, days: number): Array<[number, number]> {
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + days - 1);
  const lastIso = last.toISOString().slice(0, 10);
  const from = monthDay(today);
  let to = monthDay(lastIso);
  if (to === 228 && !isLeapYear(last.getUTCFullYear())) to = 229;
  return from <= to && lastIso.slice(0, 4) === today.slice(0, 4)
    ? [[from, to]]
    : [
        [from, 1231],
        [101, to],
      ];
}

/** Active persons with a relation active today in the scope, born on one of these days. */
function birthdayWhere(params: { scope: ClubScope; today: string; range: [number, number] }): SQL {
  const [from, to] = params.range;
  return sql`${persons.state} = ${EntityState.Active} and ${persons.birthday} is not null
    and ${dayOfYear} between ${from}::int and ${to}::int
    and exists (select 1 from club_relations r where r.person_id = ${persons.id}
      and r.from_date <= ${params.today}::date and (r.to_date is null or r.to_date >= ${params.today}::date)
      and ${clubCondition(params.scope)})`;
}

/**
 * One page of the coming birthdays (today included) in date order, then by name. Each range is
 * read in the order of persons_birthday_day_idx, so a page reads about `offset + limit` entries
 * whatever the scope's size. `date + interval 'n years'` turns 29 February into 28 February in
 * common years, as the domain's `addYears` does.
 */
export async function findUpcomingBirthdays(
  db: DbOrTx,
  params: { scope: ClubScope; today: string; days: number; offset: number; limit: number },
): Promise<BirthdayRow[]> {
  const ranges = birthdayDayRanges(params.today, params.days);
  const take = params.offset + params.limit;
  const branches = ranges.map(
    (range, segment) => sql`(select ${persons.id} as id, ${segment}::int as segment, ${dayOfYear} as day,
        ${persons.lastname} as lastname, ${persons.firstname} as firstname
      from ${persons} where ${birthdayWhere({ ...params, range })}
      order by ${dayOfYear}, ${persons.lastname}, (${persons.firstname} is null), coalesce(${persons.firstname}, ''), ${persons.id}
      limit ${take})`,
  );
  const result = await db.execute(sql`
    with page as (
      select id, segment, day, lastname, firstname from (${sql.join(branches, sql` union all `)}) as matches
      order by segment, day, lastname, (firstname is null), coalesce(firstname, ''), id
      limit ${params.limit} offset ${params.offset}
    ), upcoming as (
      select p.id, p.firstname, p.lastname, p.avatar_id, p.primary_club_id, p.birthday, page.segment, page.day,
        (p.birthday + make_interval(years => extract(year from ${params.today}::date)::int + page.segment
          - extract(year from p.birthday)::int))::date as next_birthday
      from page join persons p on p.id = page.id
    )
    select u.id, u.firstname, u.lastname, u.avatar_id as "avatarId", u.primary_club_id as "primaryClubId",
      c.name as "primaryClubName", u.birthday::text as birthday, u.next_birthday::text as "nextBirthday",
      (extract(year from u.next_birthday) - extract(year from u.birthday))::int as age
    from upcoming u left join clubs c on c.id = u.primary_club_id
    order by u.segment, u.day, u.lastname, (u.firstname is null), coalesce(u.firstname, ''), u.id`);
  return rowsOf<BirthdayRow>(result);
}

/** Which persons have a coming birthday (counted as the person list's total, exact up to 10,000). */
export function upcomingBirthdaysWhere(params: { scope: ClubScope; today: string; days: number }): SQL {
  const ranges = birthdayDayRanges(params.today, params.days);
  return sql.join(
    ranges.map((range) => sql`(${birthdayWhere({ ...params, range })})`),
    sql` or `,
  );
}
