import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '../../lib/use-claims';

// The terms dialog's code loads when it is first opened, not with the shell (issue 8).
const TermsDialog = lazy(() =>
  import('../../components/terms-dialog').then((module) => ({ default: module.TermsDialog })),
);

/** Copyright, the terms button and, for admins, the current locale (spec 01 §2). */
export function AppFooter() {
  const { t, i18n } = useTranslation();
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  // Once opened it stays mounted, so it can play its closing transition.
  const [hasOpenedTerms, setHasOpenedTerms] = useState(false);
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
      <Button
        size="small"
        color="inherit"
        onClick={() => {
          setIsTermsOpen(true);
          setHasOpenedTerms(true);
        }}
        sx={{ textDecoration: 'underline' }}
      >
        {t('footer.terms')}
      </Button>
      {showLocale ? <Typography variant="body2">{t('footer.locale', { locale: i18n.language })}</Typography> : null}
      {hasOpenedTerms ? (
        <Suspense fallback={null}>
          <TermsDialog open={isTermsOpen} onClose={() => setIsTermsOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
