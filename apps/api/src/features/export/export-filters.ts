import type { ClubScope } from '@bpw/domain/club-scope';
import type { CompetenceTopic } from '@bpw/domain/enums/competence';
import type { LanguageCode } from '@bpw/domain/enums/language';
import type { CourierType } from '@bpw/domain/enums/person-fields';
import type { PersonListFilter } from '@bpw/domain/enums/person-list-filter';
import { type SQL, and, inArray, isNotNull } from 'drizzle-orm';
import { persons } from '../../db/schema/persons';
import { personSelectionWhere } from '../persons/person-selection.service';

/**
 * Which persons an export holds: the persons the person list filters select in the club scope
 * (the same conditions as GET person, see the persons feature), with one of the languages when
 * given, and a primary e-mail for the e-mail list.
 */
export type ExportSelection = {
  scope: ClubScope;
  personOptions: readonly PersonListFilter[];
  mentoringTypes: readonly CompetenceTopic[];
  languageCodes: readonly LanguageCode[];
  bpwCourier: readonly CourierType[];
  isEmailRequired: boolean;
  today: string;
};

export function exportWhere(s: ExportSelection): SQL | undefined {
  return and(
    personSelectionWhere({
      clubIds: s.scope.isAllClubs ? 'all' : s.scope.clubIds,
      personOptions: s.personOptions,
      mentoringTypes: s.mentoringTypes,
      bpwCourier: s.bpwCourier,
      today: s.today,
    }),
    s.languageCodes.length ? inArray(persons.languageCode, [...s.languageCodes]) : undefined,
    s.isEmailRequired ? isNotNull(persons.primaryEmailId) : undefined,
  );
}
