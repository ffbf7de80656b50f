import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import GroupsIcon from '@mui/icons-material/Groups';
import PeopleIcon from '@mui/icons-material/People';
import type { SvgIconComponent } from '@mui/icons-material';
import { canExport, canManageCategories, canSeeDashboard, type Actor } from '@bpw/domain/permissions';

export interface MenuItem {
  labelKey: string;
  path: string;
  icon: SvgIconComponent;
  /** Spec 01 §2 menu conditions, from the domain's predicates; the server still decides access. */
  isVisible?: (actor: Actor) => boolean;
}

export const menuItems: readonly MenuItem[] = [
  // Dashboard and Export: admin, manager of at least one club, or central executive committee.
  { labelKey: 'nav.dashboard', path: '/dashboard', icon: DashboardIcon, isVisible: canSeeDashboard },
  { labelKey: 'nav.persons', path: '/persons', icon: PeopleIcon },
  { labelKey: 'nav.clubs', path: '/clubs', icon: GroupsIcon },
  // Events lead to the public event list (spec 02 §2).
  { labelKey: 'nav.events', path: '/events-public', icon: EventIcon },
  { labelKey: 'nav.eventCategories', path: '/event-categories', icon: CategoryIcon, isVisible: canManageCategories },
  { labelKey: 'nav.export', path: '/export', icon: FileDownloadIcon, isVisible: canExport },
];

export function visibleMenuItems(actor: Actor): MenuItem[] {
  return menuItems.filter((item) => item.isVisible?.(actor) ?? true);
}
