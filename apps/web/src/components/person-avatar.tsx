import Avatar from '@mui/material/Avatar';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../api/api';

interface PersonAvatarProps {
  personId: string;
  avatarId: string | null;
  name: string;
  size?: 's' | 'l';
  diameter?: number;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/**
 * The avatar image (`GET person/{id}/avatar`), loaded through the API client so the bearer
 * token goes along; initials while loading or without an avatar. Decorative: the name is next to it.
 */
export function PersonAvatar({ personId, avatarId, name, size = 's', diameter = 40 }: PersonAvatarProps) {
  const { data: blob } = useQuery({
    queryKey: ['person', personId, 'avatar', size, avatarId],
    queryFn: ({ signal }) =>
      api.blob(`/person/${encodeURIComponent(personId)}/avatar`, { size, cache: avatarId }, signal),
    enabled: Boolean(avatarId),
    staleTime: Infinity,
  });
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Avatar
      src={url}
      alt=""
      aria-hidden
      sx={{ width: diameter, height: diameter, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
    >
      {initials(name)}
    </Avatar>
  );
}
