import type { EventCategory } from '@bpw/domain/schemas/event';
import { canManageCategories } from '@bpw/domain/permissions';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { eventCategoriesQuery } from './api/get-event-categories';
import { EventCategoryFormDialog } from './event-category-form-dialog';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { SearchableListPage, type SearchableListParams } from '../../components/searchable-list-page';
import { useActor } from '../../lib/use-claims';

const listQuery = ({ text, ...params }: SearchableListParams) => eventCategoriesQuery({ title: text, ...params });

/** /event-categories (spec 02 §2 "Event category pages"): searchable table; admins create. */
export function EventCategoryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = canManageCategories(useActor());
  const columns = useMemo<DataTableColumn<EventCategory>[]>(
    () => [
      {
        id: 'title',
        header: t('eventCategories.fields.title'),
        isSortable: true,
        isRowHeader: true,
        cell: (category) => category.title,
      },
    ],
    [t],
  );
  return (
    <SearchableListPage
      titleKey="pages.eventCategories"
      storageKey="bpw.eventCategories.list"
      sortColumn="title"
      listQuery={listQuery}
      columns={columns}
      searchLabel={t('eventCategories.list.search')}
      getRowId={(category) => category.id}
      getRowLabel={(category) => category.title}
      getRowHref={(category) => `/event-categories/${category.id}`}
      create={
        isAdmin
          ? {
              label: t('eventCategories.list.create'),
              renderDialog: (onClose) => (
                <EventCategoryFormDialog
                  category={null}
                  onClose={onClose}
                  onSaved={({ id }) => {
                    if (id) void navigate(`/event-categories/${id}`);
                  }}
                />
              ),
            }
          : null
      }
    />
  );
}
