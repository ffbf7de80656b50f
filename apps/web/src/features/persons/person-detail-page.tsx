import { PageHeading } from '../../components/page-heading';

/** Placeholder: the feature issue replaces the body. */
export function PersonDetailPage() {
  return <PageHeading titleKey="pages.person" />;
}
