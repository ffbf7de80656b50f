import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppFooter } from './app-footer';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** The layout of public pages for visitors: top bar with a login button, content, footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar>
        {/* A link to a page of its own (login.html, issue 8), so a full page load. */}
        <Button href="/login" color="inherit" variant="outlined">
          {t('nav.login')}
        </Button>
      </TopBar>
      <Toolbar />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, outline: 'none' }}>
        <Outlet />
      </Box>
      <AppFooter />
    </Box>
  );
}
