import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TermsDialog } from '../../components/terms-dialog';
import { useActor } from '../../lib/use-claims';

/** Copyright, the terms button and, for admins, the current locale (spec 01 §2). */
export function AppFooter() {
  const { t, i18n } = useTranslation();
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const showLocale = useActor().isAdmin;
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        px: 3,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2">
        {t('footer.copyright', { year: new Date().getFullYear(), association: t('app.association') })}
      </Typography>
      <Button size="small" color="inherit" onClick={() => setIsTermsOpen(true)} sx={{ textDecoration: 'underline' }}>
        {t('footer.terms')}
      </Button>
      {showLocale ? <Typography variant="body2">{t('footer.locale', { locale: i18n.language })}</Typography> : null}
      <TermsDialog open={isTermsOpen} onClose={() => setIsTermsOpen(false)} />
    </Box>
  );
}
