import { competenceTopicEnum } from '@bpw/domain/enums/competence';
import { entityStateEnum } from '@bpw/domain/enums/entity-state';
import { courierTypeEnum } from '@bpw/domain/enums/person-fields';
import {
  limitedPersonListFilters,
  personListFilterEnum,
  type PersonListFilter,
} from '@bpw/domain/enums/person-list-filter';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { EnumMultiSelect, FilterTextField } from './person-list-filter-fields';
import type { PersonListFilters } from './person-list-state';
import { ClubMultiSelect } from '../../components/club-multi-select';
import { useClubOptions } from '../../components/club-options';

interface PersonListFiltersProps {
  id: string;
  filters: PersonListFilters;
  onChange: (filters: PersonListFilters) => void;
  /** Admins: every person filter, the state and the courier filter (spec 01 §2). */
  canUseAllFilters: boolean;
}

type TextKey = 'company' | 'companySector' | 'firstname' | 'lastname' | 'street' | 'zip' | 'city';
const textFilters: TextKey[] = ['company', 'companySector', 'firstname', 'lastname', 'street', 'zip', 'city'];

/**
 * The advanced filters (spec 01 §2): clubs, person filters, company, sector, competences, names,
 * street, zip, city, mentoring areas; admins also state and courier. Non-admins choose only
 * from the six limited person filters.
 */
export function PersonListFilterPanel({ id, filters, onChange, canUseAllFilters }: PersonListFiltersProps) {
  const { t } = useTranslation();
  const clubs = useClubOptions();
  const set = <K extends keyof PersonListFilters>(key: K, value: PersonListFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const personFilterValues: readonly PersonListFilter[] = canUseAllFilters
    ? personListFilterEnum.values
    : limitedPersonListFilters;

  return (
    <Box
      id={id}
      role="group"
      aria-label={t('personList.filters')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))', gap: 2, py: 2 }}
    >
      <ClubMultiSelect
        label={t('personList.filter.clubs')}
        options={clubs.options}
        isLoading={clubs.isLoading}
        value={filters.clubs}
        onChange={(value) => set('clubs', value)}
        selectedText={(count) => t('personList.selectedCount', { count })}
      />
      <EnumMultiSelect
        label={t('personList.filter.personClubTypes')}
        values={personFilterValues}
        labelKey={personListFilterEnum.labelKey}
        value={filters.personClubTypes}
        onChange={(value) => set('personClubTypes', value)}
      />
      <EnumMultiSelect
        label={t('personList.filter.competences')}
        values={competenceTopicEnum.values}
        labelKey={competenceTopicEnum.labelKey}
        value={filters.competences}
        onChange={(value) => set('competences', value)}
      />
      <EnumMultiSelect
        label={t('personList.filter.mentoringTypes')}
        values={competenceTopicEnum.values}
        labelKey={competenceTopicEnum.labelKey}
        value={filters.mentoringTypes}
        onChange={(value) => set('mentoringTypes', value)}
      />
      {canUseAllFilters ? (
        <>
          <EnumMultiSelect
            label={t('personList.filter.states')}
            values={entityStateEnum.values}
            labelKey={entityStateEnum.labelKey}
            value={filters.states}
            onChange={(value) => set('states', value)}
          />
          <EnumMultiSelect
            label={t('personList.filter.courier')}
            values={courierTypeEnum.values}
            labelKey={courierTypeEnum.labelKey}
            value={filters.courier}
            onChange={(value) => set('courier', value)}
          />
        </>
      ) : null}
      {textFilters.map((key) => (
        <FilterTextField
          key={key}
          label={t(`personList.filter.${key}`)}
          value={filters[key]}
          onChange={(value) => set(key, value)}
        />
      ))}
    </Box>
  );
}
