import type { PersonSortKey } from '@bpw/domain/schemas/person';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonListItem } from './api/get-persons';
import { PersonStateChip } from './person-state-chip';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaginationState,
  type DataTableSelection,
  type SortingState,
} from '../../components/data-table/data-table';
import { PersonAvatar } from '../../components/person-avatar';
import { personDisplayName } from '../../lib/current-person';

interface PersonListTableProps {
  rows: readonly PersonListItem[];
  total: number;
  isLoading: boolean;
  sorting: { id: PersonSortKey; desc: boolean }[];
  onSortingChange: (sorting: { id: PersonSortKey; desc: boolean }[]) => void;
  pagination: DataTablePaginationState;
  onPaginationChange: (next: DataTablePaginationState) => void;
  selection: DataTableSelection;
}

const dash = '–';

/** Spec 01 §2: avatar, firstname, lastname, primary club, primary email, primary phone, state. */
function usePersonColumns(): DataTableColumn<PersonListItem>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        id: 'avatar',
        header: t('personList.column.avatar'),
        isHeaderHidden: true,
        width: 56,
        cell: (person) => (
          <PersonAvatar
            personId={person.id}
            avatarId={person.avatarId}
            name={personDisplayName(person)}
            diameter={32}
          />
        ),
      },
      {
        id: 'firstname',
        header: t('personList.column.firstname'),
        isSortable: true,
        isRowHeader: true,
        cell: (person) => person.firstname || dash,
      },
      { id: 'lastname', header: t('personList.column.lastname'), isSortable: true, cell: (person) => person.lastname },
      {
        id: 'primaryClub',
        header: t('personList.column.primaryClub'),
        isSortable: true,
        cell: (person) => person.primaryClub?.name ?? dash,
      },
      {
        id: 'primaryEmail',
        header: t('personList.column.primaryEmail'),
        isSortable: true,
        cell: (person) => person.primaryEmail?.value ?? dash,
      },
      {
        id: 'primaryPhone',
        header: t('personList.column.primaryPhone'),
        isSortable: true,
        cell: (person) => person.primaryPhone?.value ?? dash,
      },
      {
        id: 'state',
        header: t('personList.column.state'),
        isSortable: true,
        cell: (person) => <PersonStateChip state={person.state} />,
      },
    ],
    [t],
  );
}

/**
 * The persons as a table: multi-sort, paging and row selection on the shared DataTable. Memoized:
 * the list's query answers in a synchronous render of the page, and the rows follow in a
 * transition (issue 20); the table renders with the rows, not twice.
 */
export const PersonListTable = memo(function PersonListTable(props: PersonListTableProps) {
  const { t } = useTranslation();
  const columns = usePersonColumns();
  return (
    <DataTable
      label={t('personList.tableLabel')}
      columns={columns}
      rows={props.rows}
      total={props.total}
      isLoading={props.isLoading}
      getRowId={(person) => person.id}
      getRowLabel={personDisplayName}
      getRowHref={(person) => `/persons/${person.id}`}
      sorting={props.sorting}
      // One key at a time, each answered from an index at any depth; ties go by name
      // (docs/decisions/person-list-sorts.md).
      isMultiSort={false}
      // Only the person columns are sortable, so every key is a PersonSortKey.
      onSortingChange={(next: SortingState) => props.onSortingChange(next as PersonListTableProps['sorting'])}
      pagination={props.pagination}
      onPaginationChange={props.onPaginationChange}
      emptyText={t('personList.noEntries')}
      selection={props.selection}
    />
  );
});
