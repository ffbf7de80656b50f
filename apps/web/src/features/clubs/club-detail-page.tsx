import { PageHeading } from '../../components/page-heading';

/** Placeholder: the feature issue replaces the body. */
export function ClubDetailPage() {
  return <PageHeading titleKey="pages.club" />;
}
