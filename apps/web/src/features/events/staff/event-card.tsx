import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One card of the Event tab (spec 02 §2): a titled region. */
export function EventCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** A label and its value in a card's definition list. */
export function EventCardItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body1"
        sx={{ m: 0, mb: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </>
  );
}

export function EventCardList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {children}
    </Box>
  );
}
