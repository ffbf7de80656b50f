import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PersonListItem } from './api/get-persons';
import type { TileSize } from './person-list-state';
import { PersonTilesPager } from './person-tiles-pager';
import { lastPageIndex } from '../../components/data-table/data-table-sorting';
import { PersonAvatar } from '../../components/person-avatar';
import { personDisplayName } from '../../lib/current-person';

/** Spec 01 §2: small 10x8 rem, regular 15x12, large 25x20; the avatar grows with the tile. */
const tileSizes: Record<TileSize, { width: number; height: number; avatar: number; variant: 'body2' | 'h6' }> = {
  small: { width: 10, height: 8, avatar: 40, variant: 'body2' },
  regular: { width: 15, height: 12, avatar: 64, variant: 'body2' },
  large: { width: 25, height: 20, avatar: 128, variant: 'h6' },
};

interface PersonTilesProps {
  persons: readonly PersonListItem[];
  total: number;
  isLoading: boolean;
  size: TileSize;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

function TileAvatar({ person, diameter, isLarge }: { person: PersonListItem; diameter: number; isLarge: boolean }) {
  if (person.avatarId) {
    return (
      <PersonAvatar
        personId={person.id}
        avatarId={person.avatarId}
        name={personDisplayName(person)}
        diameter={diameter}
        size={isLarge ? 'l' : 's'}
      />
    );
  }
  // No avatar: a placeholder icon (spec 01 §2).
  return (
    <Avatar aria-hidden sx={{ width: diameter, height: diameter, bgcolor: 'grey.300', color: 'grey.800' }}>
      <PersonIcon sx={{ fontSize: diameter * 0.6 }} />
    </Avatar>
  );
}

/** The tile view: a card per person that opens her page, and a pager of up to 10 pages. */
export function PersonTiles({ persons, total, isLoading, size, page, pageSize, onPageChange }: PersonTilesProps) {
  const { t } = useTranslation();
  const dimensions = tileSizes[size];
  return (
    <Box aria-busy={isLoading}>
      {isLoading ? <LinearProgress aria-label={t('app.loading')} /> : <Box sx={{ height: 4 }} />}
      {persons.length === 0 && !isLoading ? (
        <Typography sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
          {t('personList.noEntries')}
        </Typography>
      ) : null}
      <Box
        component="ul"
        aria-label={t('personList.tilesLabel')}
        sx={{ listStyle: 'none', m: 0, p: 0, pt: 1, display: 'flex', flexWrap: 'wrap', gap: 2 }}
      >
        {persons.map((person) => (
          <Box component="li" key={person.id} sx={{ maxWidth: '100%' }}>
            <Card
              variant="outlined"
              sx={{ width: `${dimensions.width}rem`, height: `${dimensions.height}rem`, maxWidth: '100%' }}
            >
              <CardActionArea
                component={RouterLink}
                to={`/persons/${person.id}`}
                sx={{
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'center',
                  gap: 1,
                  p: 1,
                  textAlign: 'center',
                }}
              >
                <TileAvatar person={person} diameter={dimensions.avatar} isLarge={size === 'large'} />
                <Typography
                  variant={dimensions.variant}
                  component="span"
                  sx={{ fontWeight: 600, wordBreak: 'break-word' }}
                >
                  {personDisplayName(person)}
                </Typography>
                {person.primaryClub ? (
                  <Typography
                    variant="body2"
                    component="span"
                    sx={{ color: 'text.secondary' }}
                    noWrap={size === 'small'}
                  >
                    {person.primaryClub.name}
                  </Typography>
                ) : null}
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
      <PersonTilesPager page={page} pageCount={lastPageIndex(total, pageSize) + 1} onChange={onPageChange} />
    </Box>
  );
}
