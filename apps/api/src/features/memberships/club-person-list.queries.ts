import { EntityState } from '@bpw/domain/enums/entity-state';
import type { ClubPersonGroup, ClubPersonRelation, ClubPersonSortKey } from '@bpw/domain/schemas/membership';
import { type SQL, and, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

/**
 * GET club/{id}/person, a page of one group of one club (issue 24, docs/decisions/club-page.md).
 * Everything the WHERE and ORDER BY read lives in one partial index per group and sort
 * (club_relations_{members,roles}_{name,from}_idx, migration 0013): the person's sort name and
 * state are copied onto the relation by triggers. So the total and the rows skipped before a
 * deep page are an index-only range of this club, and only the page's rows are joined.
 */
export type ClubPersonListParams = {
  clubId: string;
  group: ClubPersonGroup;
  /** true: active on `today`; false: ended before or starting after it; undefined: both. */
  isActive: boolean | undefined;
  /** Any of these membership types; empty: the whole group. */
  types: readonly number[];
  name: string | undefined;
  sortBy: ClubPersonSortKey;
  isDescending: boolean;
  offset: number;
  limit: number;
  withArchivedPersons: boolean;
  today: string;
};

const MAX_NAME_WORDS = 5;

/** ILIKE '%text%' with the wildcards of the text taken literally (backslash is ILIKE's escape). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * The group as the literal predicate of its partial indexes (a bound parameter would hide from
 * the planner that the index applies).
 */
const groupCondition = (group: ClubPersonGroup): SQL =>
  group === 'members' ? sql`${clubRelations.type} < 100` : sql`${clubRelations.type} >= 100`;

function activeCondition(isActive: boolean | undefined, today: string): SQL | undefined {
  if (isActive === undefined) return undefined;
  const active = sql`(${clubRelations.from} <= ${today} and (${clubRelations.to} is null or ${clubRelations.to} >= ${today}))`;
  return isActive ? active : sql`not ${active}`;
}

/** Every word occurs somewhere in lastname or firstname (the person list's Name, on names only). */
function nameCondition(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const words = [...new Set(text.split(/\s+/).filter(Boolean))].slice(0, MAX_NAME_WORDS);
  return and(...words.map((word) => ilike(clubRelations.personSortName, containsPattern(word))));
}

function where(params: ClubPersonListParams): SQL | undefined {
  return and(
    eq(clubRelations.clubId, params.clubId),
    groupCondition(params.group),
    activeCondition(params.isActive, params.today),
    // A few types of a club are a range of club_relations_club_type_dates_idx.
    params.types.length > 0 ? inArray(clubRelations.type, [...params.types]) : undefined,
    params.withArchivedPersons ? undefined : ne(clubRelations.personState, EntityState.Archived),
    nameCondition(params.name),
  );
}

/** The sort keys, the relation id last, so every row has one place and pages never overlap. */
function orderBy(sortBy: ClubPersonSortKey, isDescending: boolean): SQL[] {
  const key = sortBy === 'name' ? clubRelations.personSortName : clubRelations.from;
  const direction = isDescending ? sql`desc` : sql`asc`;
  return [sql`${key} ${direction}`, sql`${clubRelations.id} ${direction}`];
}

export async function countClubPersonRelations(db: DbOrTx, params: ClubPersonListParams): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(clubRelations)
    .where(where(params));
  return Number(row?.total ?? 0);
}

export async function findClubPersonRelations(db: DbOrTx, params: ClubPersonListParams): Promise<ClubPersonRelation[]> {
  // The page's ids first, from the index alone (the skipped rows are never read from the table),
  // then only these rows with their person.
  const page = db
    .select({ id: clubRelations.id })
    .from(clubRelations)
    .where(where(params))
    .orderBy(...orderBy(params.sortBy, params.isDescending))
    .limit(params.limit)
    .offset(params.offset)
    .as('page');
  return db
    .select({
      id: clubRelations.id,
      personId: clubRelations.personId,
      clubId: clubRelations.clubId,
      type: clubRelations.type,
      membershipTypeLabel: clubRelations.membershipTypeLabel,
      from: clubRelations.from,
      to: clubRelations.to,
      person: { id: persons.id, firstname: persons.firstname, lastname: persons.lastname, avatarId: persons.avatarId },
    })
    .from(page)
    .innerJoin(clubRelations, eq(clubRelations.id, page.id))
    .innerJoin(persons, eq(persons.id, clubRelations.personId))
    .orderBy(...orderBy(params.sortBy, params.isDescending));
}
