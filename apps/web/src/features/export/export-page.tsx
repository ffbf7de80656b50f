import { PageHeading } from '../../components/page-heading';

/** Placeholder: the feature issue replaces the body. */
export function ExportPage() {
  return <PageHeading titleKey="pages.export" />;
}
