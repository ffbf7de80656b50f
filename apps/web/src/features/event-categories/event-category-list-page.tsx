import { PageHeading } from '../../components/page-heading';

/** Placeholder: the feature issue replaces the body. */
export function EventCategoryListPage() {
  return <PageHeading titleKey="pages.eventCategories" />;
}
