import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import GroupsIcon from '@mui/icons-material/Groups';
import PeopleIcon from '@mui/icons-material/People';
import type { SvgIconComponent } from '@mui/icons-material';
import type { Claims } from '../../lib/jwt-claims';

// Menu conditions over the token's claims (spec 01 §2 and §6). To be swapped for the
// predicates of packages/domain/src/permissions.ts once they exist. The server decides access.
export const isAdmin = (claims: Claims) => claims.roles.includes('Admin') || claims.permissions.includes('Admin');
export const isCentralCommittee = (claims: Claims) => claims.roles.includes('CentralExecutiveCommittee');
export const isClubManager = (claims: Claims) => claims.clubAdminIds.length > 0;

/** Dashboard and Export: admin, manager of at least one club, or central executive committee. */
export const canSeeDashboard = (claims: Claims) =>
  isAdmin(claims) || isClubManager(claims) || isCentralCommittee(claims);
export const canSeeExport = canSeeDashboard;
/** Event categories: admin only (spec 02 §2). */
export const canSeeEventCategories = isAdmin;

export interface MenuItem {
  labelKey: string;
  path: string;
  icon: SvgIconComponent;
  isVisible?: (claims: Claims) => boolean;
}

export const menuItems: readonly MenuItem[] = [
  { labelKey: 'nav.dashboard', path: '/dashboard', icon: DashboardIcon, isVisible: canSeeDashboard },
  { labelKey: 'nav.persons', path: '/persons', icon: PeopleIcon },
  { labelKey: 'nav.clubs', path: '/clubs', icon: GroupsIcon },
  { labelKey: 'nav.events', path: '/events-public', icon: EventIcon },
  { labelKey: 'nav.eventCategories', path: '/event-categories', icon: CategoryIcon, isVisible: canSeeEventCategories },
  { labelKey: 'nav.export', path: '/export', icon: FileDownloadIcon, isVisible: canSeeExport },
];

export function visibleMenuItems(claims: Claims): MenuItem[] {
  return menuItems.filter((item) => item.isVisible?.(claims) ?? true);
}
