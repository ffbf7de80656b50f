import type { CompetenceTopic } from '@bpw/domain/enums/competence';
import { EntityState } from '@bpw/domain/enums/entity-state';
import type { CourierType } from '@bpw/domain/enums/person-fields';
import { personListQuerySchema } from '@bpw/domain/schemas/person';
import { type SQL, and, sql } from 'drizzle-orm';
import { PersonListFilter } from '@bpw/domain/enums/person-list-filter';
import { relationInAnyClub } from './person-club-filters';
import { type Actor, canUseAllPersonFilters } from '@bpw/domain/permissions';
import { badRequest } from '../../platform/errors';
import { personListWhere } from './person-filters';
import { refuseAdminOnlyFilters } from './person-list.service';

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

/**
 * The persons GET person would list for these filter parameters and this actor (issue 18: a
 * mailing to a person-list filter): the same parsing, the same refusals of admin-only values
 * (400) and the same WHERE, so the count matches the list. Sort and paging keys are ignored.
 */
export function personListFilterWhere(
  actor: Actor,
  parameters: Record<string, string | readonly string[]>,
  today: string,
): SQL | undefined {
  const parsed = personListQuerySchema.safeParse({ ...parameters, SortBy: [], SortDesc: [], Page: '0', PerPage: '0' });
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'filter')))];
    throw badRequest(...fields.map((field) => ({ key: 'validation.invalid', params: { field } })));
  }
  const { SortBy: _sortBy, SortDesc: _sortDesc, Page: _page, PerPage: _perPage, ...filters } = parsed.data;
  refuseAdminOnlyFilters(actor, {
    PersonClubTypes: { kind: 'personListFilters', values: filters.PersonClubTypes },
    States: { kind: 'states', values: filters.States },
    BpwCourier: { kind: 'courier', values: filters.BpwCourier },
  });
  return personListWhere(filters, { today, isAdmin: canUseAllPersonFilters(actor) });
}
