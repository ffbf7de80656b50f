import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Previous / "1–20 of 45" / next under a short list that pages on the server. */
export function SimplePager({
  page,
  perPage,
  total,
  onPageChange,
}: {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= perPage && page === 0) return null;
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
      <Button onClick={() => onPageChange(page - 1)} disabled={page === 0}>
        {t('mailings.pager.previous')}
      </Button>
      <Typography variant="body2" aria-live="polite">
        {t('mailings.pager.range', {
          from: total === 0 ? 0 : page * perPage + 1,
          to: Math.min(total, (page + 1) * perPage),
          total,
        })}
      </Typography>
      <Button onClick={() => onPageChange(page + 1)} disabled={(page + 1) * perPage >= total}>
        {t('mailings.pager.next')}
      </Button>
    </Stack>
  );
}
