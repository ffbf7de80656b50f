import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** Lets keyboard users jump over the navigation; visible only while focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        p: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        '&:focus': { top: 8 },
      }}
    >
      {t('app.skipToContent')}
    </Link>
  );
}
