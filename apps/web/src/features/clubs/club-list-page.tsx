import { clubTypeEnum, type ClubType } from '@bpw/domain/enums/club-type';
import type { Club } from '@bpw/domain/schemas/club';
import { canManageClubs } from '@bpw/domain/permissions';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clubsQuery } from './api/get-clubs';
import { ClubFormDialog } from './club-form-dialog';
import { ClubTypeIcon } from './club-type-icon';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { SearchableListPage, type SearchableListParams } from '../../components/searchable-list-page';
import { useActor } from '../../lib/use-claims';

const listQuery = ({ text, ...params }: SearchableListParams) => clubsQuery({ name: text, ...params });

/** Spec 01 §2 "Clubs list": header with create button (admins), searchable table, row opens the club. */
export function ClubListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = canManageClubs(useActor());
  const columns = useMemo<DataTableColumn<Club>[]>(
    () => [
      {
        id: 'icon',
        header: t('clubs.list.icon'),
        isHeaderHidden: true,
        width: 56,
        cell: (club) => <ClubTypeIcon clubType={club.clubType} fontSize="small" />,
      },
      { id: 'name', header: t('clubs.fields.name'), isSortable: true, isRowHeader: true, cell: (club) => club.name },
      {
        id: 'clubType',
        header: t('clubs.fields.clubType'),
        cell: (club) => t(clubTypeEnum.labelKey(club.clubType as ClubType)),
      },
    ],
    [t],
  );
  return (
    <SearchableListPage
      titleKey="pages.clubs"
      storageKey="bpw.clubs.list"
      sortColumn="name"
      listQuery={listQuery}
      columns={columns}
      searchLabel={t('clubs.list.search')}
      getRowId={(club) => club.id}
      getRowLabel={(club) => club.name}
      getRowHref={(club) => `/clubs/${club.id}`}
      create={
        isAdmin
          ? {
              label: t('clubs.list.create'),
              renderDialog: (onClose) => (
                <ClubFormDialog
                  club={null}
                  onClose={onClose}
                  onSaved={({ id }) => {
                    if (id) void navigate(`/clubs/${id}`);
                  }}
                />
              ),
            }
          : null
      }
    />
  );
}
