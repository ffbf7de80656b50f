import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EventTile, type TileEvent } from '../shared/event-tile';

interface RegistrationPageLayoutProps {
  title: string;
  /** The event once loaded. */
  event: TileEvent | null;
  actions?: ReactNode;
  children: ReactNode;
}

/** The registration, confirmation and unregistration pages: heading, event tile, content. */
export function RegistrationPageLayout({ title, event, actions, children }: RegistrationPageLayoutProps) {
  return (
    <>
      {actions ? <Box sx={{ mb: 2 }}>{actions}</Box> : null}
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(16rem, 22rem) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        {event ? <EventTile event={event} isClubChip /> : <Box />}
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
    </>
  );
}
