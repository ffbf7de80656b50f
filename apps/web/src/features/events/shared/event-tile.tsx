import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EventImage } from './event-image';
import { formatEventRange } from './format-event-date';

/** The fields a tile shows; the registration pages pass the smaller event of a registration. */
export interface TileEvent {
  id: string;
  title: string;
  eventFrom: string;
  eventTo: string | null;
  location: string;
  city: string;
  eventImageId: string | null;
  responsibleClub: { id: string; name: string };
}

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/** Spec 02 §9: tile images appear one after the other, 50 ms apart. */
export const TILE_STAGGER_MS = 50;

interface EventTileProps {
  event: TileEvent;
  /** Opens the event page when given. */
  href?: string;
  /** The tile's place in a list: its image fades in `index` x 50 ms later. */
  index?: number;
  /** Extra lines under the place (state chip, registration type). */
  children?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  /** The club as a chip (registration pages) rather than a line of text. */
  isClubChip?: boolean;
}

/** An event as a card: image, date, title, club and place (public list, registration pages). */
export function EventTile({
  event,
  href,
  index = 0,
  children,
  headingLevel = 'h2',
  isClubChip = false,
}: EventTileProps) {
  const { i18n } = useTranslation();
  const body = (
    <>
      <EventImage
        event={event}
        size="small"
        sx={{
          width: '100%',
          height: 140,
          animation: `${fadeIn} 300ms ease-out both`,
          animationDelay: `${index * TILE_STAGGER_MS}ms`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, flexGrow: 1, width: '100%' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatEventRange(event.eventFrom, event.eventTo, i18n.language)}
        </Typography>
        <Typography variant="h6" component={headingLevel} sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {event.title}
        </Typography>
        {isClubChip ? (
          <Chip label={event.responsibleClub.name} size="small" sx={{ alignSelf: 'flex-start' }} />
        ) : (
          <Typography variant="body2">{event.responsibleClub.name}</Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
          <PlaceIcon fontSize="small" aria-hidden />
          <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
            {[event.location, event.city].filter(Boolean).join(', ')}
          </Typography>
        </Box>
        {children ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 'auto', pt: 0.5 }}>
            {children}
          </Stack>
        ) : null}
      </CardContent>
    </>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {href ? (
        <CardActionArea
          component={RouterLink}
          to={href}
          sx={{
            flexGrow: 1,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            justifyContent: 'flex-start',
          }}
        >
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
