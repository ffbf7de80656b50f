import LogoutIcon from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { visibleMenuItems } from './menu-items';
import { NavProfile } from './nav-profile';
import { endSession } from '../../lib/session';
import { useActor } from '../../lib/use-claims';

/** The drawer's content: own profile, menu items and logout (spec 01 §2, app shell). */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = visibleMenuItems(useActor());
  const isActive = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  return (
    <nav aria-label={t('nav.mainNavigation')}>
      <List disablePadding>
        <ListItem disablePadding>
          <NavProfile onNavigate={onNavigate} />
        </ListItem>
      </List>
      <Divider />
      <List>
        {items.map(({ labelKey, path, icon: Icon }) => (
          <ListItem key={path} disablePadding>
            <ListItemButton component={NavLink} to={path} selected={isActive(path)} onClick={onNavigate}>
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={t(labelKey)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider />
      <List>
        {/* The login guard takes the visitor to /login once the session is gone. */}
        <ListItem disablePadding>
          <ListItemButton onClick={() => void endSession({ byUser: true })}>
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.logout')} />
          </ListItemButton>
        </ListItem>
      </List>
    </nav>
  );
}
