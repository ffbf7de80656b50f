import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { eventImageUrl } from './public-event';

interface EventImageProps {
  event: { id: string; eventImageId: string | null };
  size: 'small' | 'large';
  /** Empty when the title is next to the image (decorative). */
  alt?: string;
  sx?: SxProps<Theme>;
}

/**
 * The event's banner image (`GET event-public/{id}/event-image`, public and cacheable), or a
 * calm placeholder when the event has none or it fails to load.
 */
export function EventImage({ event, size, alt = '', sx }: EventImageProps) {
  const [failedId, setFailedId] = useState<string | null>(null);
  const hasImage = Boolean(event.eventImageId) && failedId !== event.eventImageId;
  if (!hasImage) {
    return (
      <Box
        aria-hidden
        sx={[
          {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'primary.light',
            color: 'grey.800',
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        <EventIcon sx={{ fontSize: size === 'large' ? 96 : 48, opacity: 0.6 }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={eventImageUrl(event, size)}
      alt={alt}
      loading="lazy"
      onError={() => setFailedId(event.eventImageId)}
      sx={[{ objectFit: 'cover', display: 'block' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
