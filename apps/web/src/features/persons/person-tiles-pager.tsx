import PaginationItem from '@mui/material/PaginationItem';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** Spec 01 §9: the tile pager shows up to 10 pages. */
export const TILE_PAGER_PAGES = 10;

/** The zero-based pages to show: a window of up to `size` pages around the current one. */
export function pagerWindow(page: number, pageCount: number, size = TILE_PAGER_PAGES): number[] {
  const count = Math.min(size, pageCount);
  const start = Math.max(0, Math.min(page - Math.floor(size / 2), pageCount - count));
  return Array.from({ length: count }, (_, index) => start + index);
}

interface PersonTilesPagerProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** The tile view's pager: previous, up to 10 page numbers, next. */
export function PersonTilesPager({ page, pageCount, onChange }: PersonTilesPagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <Stack component="nav" aria-label={t('personList.pager')} sx={{ alignItems: 'center', py: 2 }}>
      <Stack component="ul" direction="row" sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap', gap: 0.5 }}>
        <li>
          <PaginationItem
            type="previous"
            disabled={page === 0}
            onClick={() => onChange(page - 1)}
            aria-label={t('dataTable.previousPage')}
          />
        </li>
        {pagerWindow(page, pageCount).map((index) => (
          <li key={index}>
            <PaginationItem
              type="page"
              page={index + 1}
              selected={index === page}
              aria-current={index === page ? 'page' : undefined}
              aria-label={t('personList.goToPage', { page: index + 1 })}
              onClick={() => onChange(index)}
            />
          </li>
        ))}
        <li>
          <PaginationItem
            type="next"
            disabled={page >= pageCount - 1}
            onClick={() => onChange(page + 1)}
            aria-label={t('dataTable.nextPage')}
          />
        </li>
      </Stack>
    </Stack>
  );
}
