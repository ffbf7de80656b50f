import { PageHeading } from '../../components/page-heading';

/** Placeholder: the feature issue replaces the body. */
export function DashboardPage() {
  return <PageHeading titleKey="pages.dashboard" />;
}
