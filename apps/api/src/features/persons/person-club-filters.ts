import { ClubType } from '@bpw/domain/enums/club-type';
import type { CompetenceTopic } from '@bpw/domain/enums/competence';
import { MembershipType, boardTypes, memberTypes } from '@bpw/domain/enums/membership-type';
import { PersonListFilter } from '@bpw/domain/enums/person-list-filter';
import { PLUS_FROM_AGE, YOUNG_UNTIL_AGE_YEAR } from '@bpw/domain/person-age';
import type { PersonListQuery } from '@bpw/domain/schemas/person';
import { type SQL, and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { personMentoringAreas, persons } from '../../db/schema/persons';

/** The parameters of GET person read here (person-filters.ts combines them with the others). */
type ClubFilters = Pick<PersonListQuery, 'Clubs' | 'PersonClubTypes' | 'PersonMentoringTypes'>;

/**
 * The Clubs and PersonClubTypes parameters of GET person (the meaning of each person list
 * filter is in docs/decisions/enumerations.md). "Current" is a relation active today,
 * "former" one that has ended while none is active today.
 */
const F = PersonListFilter;
const T = MembershipType;

const activeOn = (today: string) =>
  and(lte(clubRelations.from, today), or(isNull(clubRelations.to), gte(clubRelations.to, today)));
const endedBefore = (today: string) => lt(clubRelations.to, today);
const inNationalClub = sql`${clubRelations.clubId} in (select ${clubs.id} from ${clubs} where ${clubs.clubType} = ${ClubType.national})`;

/** types empty: any type. */
type RelationRule = { types: readonly number[]; isNational?: boolean };

function relationExists(rule: RelationRule, when: SQL | undefined, clubIds: readonly string[]): SQL {
  const where = and(
    eq(clubRelations.personId, persons.id),
    rule.types.length > 0 ? inArray(clubRelations.type, [...rule.types]) : undefined,
    when,
    clubIds.length > 0 ? inArray(clubRelations.clubId, [...clubIds]) : undefined,
    rule.isNational ? inNationalClub : undefined,
  );
  return sql`exists (select 1 from ${clubRelations} where ${where})`;
}

/** A mentoring area among `types` (empty: any area). */
export const mentoringExists = (types: readonly CompetenceTopic[]) =>
  sql`exists (select 1 from ${personMentoringAreas} where ${and(
    eq(personMentoringAreas.personId, persons.id),
    types.length > 0 ? inArray(personMentoringAreas.personMentoringType, [...types]) : undefined,
  )})`;

function personListFilterCondition(filter: PersonListFilter, q: ClubFilters, today: string): SQL | undefined {
  const current = (rule: RelationRule) => relationExists(rule, activeOn(today), q.Clubs);
  // "Former": such a relation has ended and none is active today.
  const former = (rule: RelationRule) =>
    and(relationExists(rule, endedBefore(today), q.Clubs), sql`not ${current(rule)}`);
  switch (filter) {
    case F.currentMember:
      return current({ types: memberTypes });
    case F.isYoungBpw: // young until 31 December of the birth year plus 35
      return gte(persons.birthday, `${Number(today.slice(0, 4)) - YOUNG_UNTIL_AGE_YEAR}-01-01`);
    case F.isBpwPlus: // plus from the birth date plus 64 years (29 February: 28 February)
      return sql`(${persons.birthday} + make_interval(years => ${PLUS_FROM_AGE}))::date <= ${today}::date`;
    case F.interested:
      return current({ types: [T.interested] });
    case F.isCollectiveMember:
      return current({ types: [T.collective] });
    case F.isCompanyMember:
      return current({ types: [T.company] });
    case F.speaker:
      return current({ types: [T.speaker] });
    case F.formerMember:
      return former({ types: memberTypes });
    case F.currentPresident:
      return current({ types: [T.president] });
    case F.formerPresident:
      return former({ types: [T.president] });
    case F.currentBoardMember:
      return current({ types: boardTypes });
    case F.currentNationalPresident:
      return current({ types: [T.president], isNational: true });
    case F.formerNationalPresident:
      return former({ types: [T.president], isNational: true });
    case F.currentNationalBoardMember:
      return current({ types: boardTypes, isNational: true });
    case F.mentorInArea: // the areas of PersonMentoringTypes; without any, every area
      return mentoringExists(q.PersonMentoringTypes);
    case F.mentorAnyArea:
      return mentoringExists([]);
    case F.isCoach:
      return eq(persons.isCoach, true);
  }
}

/** The filters that look at club relations: with Clubs, only the relations in those clubs count. */
const relationFilters = new Set<PersonListFilter>([
  F.currentMember,
  F.interested,
  F.isCollectiveMember,
  F.isCompanyMember,
  F.speaker,
  F.formerMember,
  F.currentPresident,
  F.formerPresident,
  F.currentBoardMember,
  F.currentNationalPresident,
  F.formerNationalPresident,
  F.currentNationalBoardMember,
]);

/**
 * Clubs alone: a relation active today in one of the clubs. With PersonClubTypes (any of them):
 * a relation filter is itself restricted to the clubs (so "former member" of a club works); any
 * other filter (young, plus, mentor, coach) also needs a relation active today in the clubs.
 */
export function clubsAndPersonFilters(q: ClubFilters, today: string): SQL | undefined {
  const inClubs = q.Clubs.length > 0 ? relationExists({ types: [] }, activeOn(today), q.Clubs) : undefined;
  if (q.PersonClubTypes.length === 0) return inClubs;
  return or(
    ...q.PersonClubTypes.map((filter) =>
      relationFilters.has(filter)
        ? personListFilterCondition(filter, q, today)
        : and(inClubs, personListFilterCondition(filter, q, today)),
    ),
  );
}

/** A relation active today in any club; with `orEnded`, any relation at all (for "former" filters). */
export const relationInAnyClub = (today: string, orEnded: boolean) =>
  relationExists({ types: [] }, orEnded ? undefined : activeOn(today), []);
