import { PageHeading } from '../../components/page-heading';

/** Placeholder: the feature issue replaces the body. */
export function EventListPage() {
  return <PageHeading titleKey="pages.events" />;
}
