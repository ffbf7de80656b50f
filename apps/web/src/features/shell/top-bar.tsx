import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

interface TopBarProps {
  /** The menu toggle, shown on small screens only. */
  menu?: { drawerId: string; isOpen: boolean; onToggle: () => void };
  children?: ReactNode;
}

/** The yellow top bar: menu toggle, logo linking home, and actions (spec 01 §2, app shell). */
export function TopBar({ menu, children }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="fixed"
      color="primary"
      elevation={1}
      // Above the permanent drawer on wide screens; the phone's drawer covers the bar.
      sx={(theme) => ({ [theme.breakpoints.up('md')]: { zIndex: theme.zIndex.drawer + 1 } })}
    >
      <Toolbar sx={{ gap: 1 }}>
        {menu ? (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('nav.openMenu')}
            aria-controls={menu.drawerId}
            aria-expanded={menu.isOpen}
            onClick={menu.onToggle}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          color="inherit"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '1.15rem', minWidth: 0 }}
        >
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
          <Box component="span" sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {t('app.title')}
          </Box>
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {children}
      </Toolbar>
    </AppBar>
  );
}
