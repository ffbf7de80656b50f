import { PageHeading } from '../../components/page-heading';

/** Placeholder: the feature issue replaces the body. */
export function PersonListPage() {
  return <PageHeading titleKey="pages.persons" />;
}
