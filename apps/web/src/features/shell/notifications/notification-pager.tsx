import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import PaginationItem from '@mui/material/PaginationItem';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { pageWindow } from './notification-pages';

/** Previous, up to 5 page links around the current page, next (spec 01 §9). Zero-based pages. */
export function NotificationPager({
  page,
  count,
  onChange,
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (count <= 1) return null;
  return (
    <Stack
      component="nav"
      aria-label={t('notificationCenter.pager')}
      direction="row"
      sx={{ justifyContent: 'center', py: 1 }}
    >
      <IconButton
        aria-label={t('notificationCenter.previousPage')}
        disabled={page === 0}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeftIcon />
      </IconButton>
      {pageWindow(page, count).map((index) => (
        <PaginationItem
          key={index}
          page={index + 1}
          selected={index === page}
          aria-current={index === page ? 'page' : undefined}
          aria-label={t('notificationCenter.page', { page: index + 1 })}
          onClick={() => onChange(index)}
        />
      ))}
      <IconButton
        aria-label={t('notificationCenter.nextPage')}
        disabled={page >= count - 1}
        onClick={() => onChange(page + 1)}
      >
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
