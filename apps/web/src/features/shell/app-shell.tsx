import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer';
import { NotificationBell } from './notification-bell';
import { SideNav } from './side-nav';
import { SkipLink } from './skip-link';
import { useAfterFirstCommit } from '../../lib/use-after-first-commit';
import { TopBar } from './top-bar';

const drawerWidth = 272;
const drawerId = 'app-side-navigation';

/** The signed-in layout: permanent drawer on wide screens, a toggled one on small screens. */
export function AppShell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  // The phone's drawer mounts when first opened and then stays (keepMounted), not with the page:
  // mounting its hidden slide measures the page (a forced layout after new styles) and was one of
  // a page load's long tasks (issue 20). A wide screen's permanent drawer is there at once.
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  // The footer commits after the page's first part (the heading), as the page's own lower part
  // does (issue 20): the first commit stays short, and the footer does not move down meanwhile.
  const isFooterShown = useAfterFirstCommit();
  const closeMenu = () => setIsMenuOpen(false);
  const toggleMenu = () => {
    setHasOpenedMenu(true);
    setIsMenuOpen((open) => !open);
  };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar menu={isWide ? undefined : { drawerId, isOpen: isMenuOpen, onToggle: toggleMenu }}>
        <NotificationBell />
      </TopBar>
      <Drawer
        id={drawerId}
        variant={isWide ? 'permanent' : 'temporary'}
        open={isWide || isMenuOpen}
        onClose={closeMenu}
        ModalProps={{ keepMounted: hasOpenedMenu }}
        slotProps={{ paper: { 'aria-label': t('nav.mainNavigation') } }}
        sx={{
          width: isWide ? drawerWidth : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: drawerWidth, maxWidth: '85vw', boxSizing: 'border-box' },
        }}
      >
        {isWide ? <Toolbar /> : null}
        <SideNav onNavigate={closeMenu} />
      </Drawer>
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, outline: 'none' }}
        >
          <Outlet />
        </Box>
        {isFooterShown ? <AppFooter /> : null}
      </Box>
    </Box>
  );
}
