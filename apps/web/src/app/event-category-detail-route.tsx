import { useTranslation } from 'react-i18next';
import { EventCategoryDetailPage } from '../features/event-categories/event-category-detail-page';
import { CategoryEventsTab } from '../features/events/staff/event-list-tabs';

/**
 * /event-categories/{id}: the category page with its Events tab (spec 02 §2), composed here
 * because features never import each other.
 */
export function EventCategoryDetailRoute() {
  const { t } = useTranslation();
  return (
    <EventCategoryDetailPage
      extraTabs={(category) => [
        {
          name: 'events',
          label: t('eventsStaff.category.tab'),
          render: () => <CategoryEventsTab category={category} />,
        },
      ]}
    />
  );
}
