import { PageHeading } from '../../components/page-heading';

/** Placeholder: the feature issue replaces the body. */
export function ClubListPage() {
  return <PageHeading titleKey="pages.clubs" />;
}
