import type { CompetenceTopic } from '@bpw/domain/enums/competence';
import { EntityState } from '@bpw/domain/enums/entity-state';
import type { CourierType } from '@bpw/domain/enums/person-fields';
import { personListQuerySchema } from '@bpw/domain/schemas/person';
import { type SQL, and, sql } from 'drizzle-orm';
import { PersonListFilter } from '@bpw/domain/enums/person-list-filter';
import { relationInAnyClub } from './person-club-filters';
import { personListWhere } from './person-filters';

/**
 * The persons a selection of person list filters means, for features that select persons in
 * bulk (the export): the same conditions as GET person, so a filter means one thing everywhere.
 * Active persons with a relation active today in the clubs (or in any club), matching any of the
 * person list filters; relation filters look only at those clubs (docs/decisions/persons.md).
 */
export type PersonSelection = {
  clubIds: readonly string[] | 'all';
  personOptions: readonly PersonListFilter[];
  mentoringTypes: readonly CompetenceTopic[];
  bpwCourier: readonly CourierType[];
  today: string;
};

const formerFilters: readonly number[] = [
  PersonListFilter.formerMember,
  PersonListFilter.formerPresident,
  PersonListFilter.formerNationalPresident,
];
const isFormer = (filter: number) => formerFilters.includes(filter);

export function personSelectionWhere(selection: PersonSelection): SQL | undefined {
  if (selection.clubIds !== 'all' && selection.clubIds.length === 0) return sql`false`;
  const filters = {
    ...personListQuerySchema.parse({}),
    Clubs: selection.clubIds === 'all' ? [] : [...selection.clubIds],
    PersonClubTypes: [...selection.personOptions],
    PersonMentoringTypes: [...selection.mentoringTypes],
    BpwCourier: [...selection.bpwCourier],
    States: [EntityState.Active],
  };
  return and(
    personListWhere(filters, { today: selection.today, isAdmin: true }),
    selection.clubIds === 'all'
      ? relationInAnyClub(selection.today, selection.personOptions.some(isFormer))
      : undefined,
  );
}
