import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

/**
 * The page's h1; it also sets the document title. `action` (a create button, the year control)
 * sits beside it and wraps below it on a narrow screen.
 */
export function PageHeading({ titleKey, action }: { titleKey: string; action?: ReactNode }) {
  const title = usePageTitle(titleKey);
  const heading = (
    <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
      {title}
    </Typography>
  );
  if (!action) return heading;
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2 }}
    >
      {heading}
      {action}
    </Stack>
  );
}
