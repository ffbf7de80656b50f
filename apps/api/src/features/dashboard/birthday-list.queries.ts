import type { ClubScope } from '@bpw/domain/club-scope';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema/persons';
import { clubCondition } from './dashboard.queries';

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

/** Active persons with a relation active today in the scope (placeholders), born between two days. */
const preparedBirthdayWhere = (from: SQL, to: SQL): SQL =>
  sql`p.state = ${EntityState.Active} and p.birthday is not null
    and ((extract(month from p.birthday) * 100 + extract(day from p.birthday))::int) between ${from} and ${to}
    and exists (select 1 from club_relations r where r.person_id = p.id
      and r.from_date <= ${sql.placeholder('today')}::date
      and (r.to_date is null or r.to_date >= ${sql.placeholder('today')}::date)
      and (${sql.placeholder('isAllClubs')}::boolean
        or r.club_id = any(string_to_array(${sql.placeholder('clubIds')}::text, ',')::uuid[])))`;

/**
 * The page statement, prepared once per database handle under a name (issue 24): the driver
 * parses it once per connection. PostgreSQL plans it on every run (the generic plan cannot see the
 * page's LIMIT and reads the whole table: docs/performance.md), so planning is most of its cost.
 * Within a year it is one range of persons_birthday_day_idx (`birthday_page_1`); across the
 * year's turn, two in a union (`birthday_page_2`): one range plans in 1.3 ms instead of 1.6 ms.
 */
function prepareBirthdayPage(db: DbOrTx, ranges: 1 | 2) {
  const day = sql`((extract(month from p.birthday) * 100 + extract(day from p.birthday))::int)`;
  const branch = (segment: number) => sql`(select p.id, ${sql.raw(String(segment))} as segment, ${day} as day,
      p.lastname, p.firstname
    from persons p
    where ${preparedBirthdayWhere(sql`${sql.placeholder(`from${segment}`)}::int`, sql`${sql.placeholder(`to${segment}`)}::int`)}
    order by ${day}, p.lastname, (p.firstname is null), coalesce(p.firstname, ''), p.id
    limit ${sql.placeholder('take')}::int)`;
  return db
    .select({
      id: sql<string>`u.id`,
      firstname: sql<string | null>`u.firstname`,
      lastname: sql<string>`u.lastname`,
      avatarId: sql<string | null>`u.avatar_id`,
      primaryClubId: sql<string | null>`u.primary_club_id`,
      primaryClubName: sql<string | null>`c.name`,
      birthday: sql<string>`u.birthday::text`,
      nextBirthday: sql<string>`u.next_birthday::text`,
      age: sql<number>`(extract(year from u.next_birthday) - extract(year from u.birthday))::int`,
    })
    .from(
      sql`(select p.id, p.firstname, p.lastname, p.avatar_id, p.primary_club_id, p.birthday, page.segment, page.day,
          (p.birthday + make_interval(years => extract(year from ${sql.placeholder('today')}::date)::int + page.segment
            - extract(year from p.birthday)::int))::date as next_birthday
        from (select * from (${ranges === 1 ? branch(0) : sql`${branch(0)} union all ${branch(1)}`}) as matches
          order by segment, day, lastname, (firstname is null), coalesce(firstname, ''), id
          limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int) as page
        join persons p on p.id = page.id) as u
      left join clubs c on c.id = u.primary_club_id`,
    )
    .orderBy(sql`u.segment, u.day, u.lastname, (u.firstname is null), coalesce(u.firstname, ''), u.id`)
    .prepare(`birthday_page_${ranges}`);
}

const preparedPages = new WeakMap<DbOrTx, Record<1 | 2, ReturnType<typeof prepareBirthdayPage>>>();

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
  let queries = preparedPages.get(db);
  if (!queries) {
    queries = { 1: prepareBirthdayPage(db, 1), 2: prepareBirthdayPage(db, 2) };
    preparedPages.set(db, queries);
  }
  const ranges = birthdayDayRanges(params.today, params.days);
  // One range: the one-range statement has no placeholders for the second.
  const [first, second = [1, 0]] = ranges;
  return queries[ranges.length === 1 ? 1 : 2].execute({
    today: params.today,
    from0: first![0],
    to0: first![1],
    from1: second[0],
    to1: second[1],
    take: params.offset + params.limit,
    limit: params.limit,
    offset: params.offset,
    isAllClubs: params.scope.isAllClubs,
    clubIds: params.scope.isAllClubs ? '' : params.scope.clubIds.join(','),
  });
}

/** Which persons have a coming birthday (counted as the person list's total, exact up to 10,000). */
export function upcomingBirthdaysWhere(params: { scope: ClubScope; today: string; days: number }): SQL {
  const ranges = birthdayDayRanges(params.today, params.days);
  return sql.join(
    ranges.map((range) => sql`(${birthdayWhere({ ...params, range })})`),
    sql` or `,
  );
}
