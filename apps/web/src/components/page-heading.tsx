import Typography from '@mui/material/Typography';
import { usePageTitle } from '../lib/use-page-title';

/** The page's h1; it also sets the document title. */
export function PageHeading({ titleKey }: { titleKey: string }) {
  const title = usePageTitle(titleKey);
  return (
    <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
      {title}
    </Typography>
  );
}
