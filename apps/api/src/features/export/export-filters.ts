import type { ClubScope } from '@bpw/domain/club-scope';
import { ClubType } from '@bpw/domain/enums/club-type';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { MembershipType, boardTypes, memberTypes } from '@bpw/domain/enums/membership-type';
import { PersonListFilter } from '@bpw/domain/enums/person-list-filter';
import { PLUS_FROM_AGE, YOUNG_UNTIL_AGE_YEAR } from '@bpw/domain/person-age';
import { type SQL, and, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { personMentoringAreas, persons } from '../../db/schema/persons';

/**
 * Which persons an export holds: active persons with a relation active today in the club scope,
 * matching any of the person list filters (meanings in docs/decisions.md "Person list filters",
 * the same as GET person's PersonClubTypes: relation filters look only at the scope's clubs),
 * with one of the languages and courier types when those are given.
 */
export type ExportSelection = {
  scope: ClubScope;
  personOptions: readonly number[];
  mentoringTypes: readonly number[];
  languageCodes: readonly string[];
  bpwCourier: readonly number[];
  isEmailRequired: boolean;
  today: string;
};

const F = PersonListFilter;
const T = MembershipType;

export function exportWhere(s: ExportSelection): SQL | undefined {
  const clubIds = s.scope.isAllClubs ? undefined : s.scope.clubIds;
  const active = and(lte(clubRelations.from, s.today), or(isNull(clubRelations.to), gte(clubRelations.to, s.today)));
  const relation = (types: readonly number[], when: SQL | undefined, isNational = false) =>
    sql`exists (select 1 from ${clubRelations} where ${and(
      eq(clubRelations.personId, persons.id),
      types.length ? inArray(clubRelations.type, [...types]) : undefined,
      when,
      clubIds ? (clubIds.length ? inArray(clubRelations.clubId, [...clubIds]) : sql`false`) : undefined,
      isNational
        ? sql`${clubRelations.clubId} in (select ${clubs.id} from ${clubs} where ${clubs.clubType} = ${ClubType.national})`
        : undefined,
    )})`;
  const current = (types: readonly number[], isNational = false) => relation(types, active, isNational);
  const former = (types: readonly number[], isNational = false) =>
    and(relation(types, lt(clubRelations.to, s.today), isNational), sql`not ${current(types, isNational)}`);
  const mentoring = (types: readonly number[]) =>
    sql`exists (select 1 from ${personMentoringAreas} where ${and(
      eq(personMentoringAreas.personId, persons.id),
      types.length ? inArray(personMentoringAreas.personMentoringType, [...types]) : undefined,
    )})`;

  const filters: Record<number, () => SQL | undefined> = {
    [F.currentMember]: () => current(memberTypes),
    [F.isYoungBpw]: () => gte(persons.birthday, `${Number(s.today.slice(0, 4)) - YOUNG_UNTIL_AGE_YEAR}-01-01`),
    [F.isBpwPlus]: () =>
      sql`(${persons.birthday} + make_interval(years => ${PLUS_FROM_AGE}))::date <= ${s.today}::date`,
    [F.interested]: () => current([T.interested]),
    [F.isCollectiveMember]: () => current([T.collective]),
    [F.isCompanyMember]: () => current([T.company]),
    [F.speaker]: () => current([T.speaker]),
    [F.formerMember]: () => former(memberTypes),
    [F.currentPresident]: () => current([T.president]),
    [F.formerPresident]: () => former([T.president]),
    [F.currentBoardMember]: () => current(boardTypes),
    [F.currentNationalPresident]: () => current([T.president], true),
    [F.formerNationalPresident]: () => former([T.president], true),
    [F.currentNationalBoardMember]: () => current(boardTypes, true),
    [F.mentorInArea]: () => mentoring(s.mentoringTypes),
    [F.mentorAnyArea]: () => mentoring([]),
    [F.isCoach]: () => eq(persons.isCoach, true),
  };

  return and(
    eq(persons.state, EntityState.Active),
    // A former-member filter must still find someone with no active relation in the scope.
    s.personOptions.some((o) => o === F.formerMember || o === F.formerPresident || o === F.formerNationalPresident)
      ? or(current([]), relation([], undefined))
      : current([]),
    s.personOptions.length ? or(...s.personOptions.map((o) => filters[o]?.())) : undefined,
    s.languageCodes.length ? inArray(persons.languageCode, [...s.languageCodes]) : undefined,
    s.bpwCourier.length ? inArray(persons.bpwCourier, [...s.bpwCourier]) : undefined,
    s.isEmailRequired ? isNotNull(persons.primaryEmailId) : undefined,
  );
}
