import AppsIcon from '@mui/icons-material/Apps';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CategoryIcon from '@mui/icons-material/Category';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import MailIcon from '@mui/icons-material/Mail';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import GroupsIcon from '@mui/icons-material/Groups';
import KeyIcon from '@mui/icons-material/Key';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import SendIcon from '@mui/icons-material/Send';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import PeopleIcon from '@mui/icons-material/People';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import type { SvgIconComponent } from '@mui/icons-material';
import {
  canExport,
  canImportPersons,
  canManageCategories,
  canMergeDuplicates,
  canSeeDashboard,
  type Actor,
} from '@bpw/domain/permissions';
import { canManageAnyInvoices } from '@bpw/domain/invoice-permissions';

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
  // Issue 16: likely duplicates, for admins and club managers.
  { labelKey: 'nav.duplicates', path: '/duplicates', icon: MergeTypeIcon, isVisible: canMergeDuplicates },
  { labelKey: 'nav.clubs', path: '/clubs', icon: GroupsIcon },
  // Events lead to the public event list (spec 02 §2).
  { labelKey: 'nav.events', path: '/events-public', icon: EventIcon },
  { labelKey: 'nav.eventCategories', path: '/event-categories', icon: CategoryIcon, isVisible: canManageCategories },
  { labelKey: 'nav.export', path: '/export', icon: FileDownloadIcon, isVisible: canExport },
  // Issue 16: spreadsheet import, for admins and club managers.
  { labelKey: 'nav.import', path: '/imports', icon: UploadFileIcon, isVisible: canImportPersons },
  // Issue 18: mailings, for those who may write one (canComposeMailings in
  // packages/domain/src/schemas/mailing.ts; repeated here so the shell does not load the schemas).
  {
    labelKey: 'mailingsNav.label',
    path: '/mailings',
    icon: MailIcon,
    isVisible: (actor) => actor.isAdmin || actor.clubManagerOf.length > 0 || actor.eventManagerOf.length > 0,
  },
  // Issue 18: the mailing lists she may join or leave.
  { labelKey: 'mailingsNav.lists', path: '/mailing-lists', icon: ContactMailIcon },
  // Issue 17: invoicing (the clubs she invoices; for admins the association's fees), for admins and
  // club managers; a finance responsible finds it on her club's page (not in the token's claims).
  { labelKey: 'invoicesNav.label', path: '/invoicing', icon: ReceiptLongIcon, isVisible: canManageAnyInvoices },
  // Issue 26: the applications whose users sign in here (OpenID Connect), for admins.
  { labelKey: 'oidc.clients.nav', path: '/oidc-clients', icon: AppsIcon, isVisible: (actor) => actor.isAdmin },
  // Issue 26: the association's API tokens, for admins.
  { labelKey: 'apiTokens.association.nav', path: '/api-tokens', icon: KeyIcon, isVisible: (actor) => actor.isAdmin },
  // Issue 26: the association's webhook subscriptions, for admins.
  { labelKey: 'webhooksNav.label', path: '/webhooks', icon: SendIcon, isVisible: (actor) => actor.isAdmin },
  // Issue 25: the association's membership applications ("no club yet"), for admins.
  { labelKey: 'applications.nav', path: '/applications', icon: HowToRegIcon, isVisible: (actor) => actor.isAdmin },
  // Issue 25: erasure requests and the retention period, for admins.
  {
    labelKey: 'privacyRequestsNav.label',
    path: '/privacy-requests',
    icon: PrivacyTipIcon,
    isVisible: (actor) => actor.isAdmin,
  },
  // Issue 25: what concerns her on one page (data, clubs, registrations, who sees her, consent).
  { labelKey: 'nav.myPage', path: '/me', icon: AccountCircleIcon },
  // Issue 21: her second factors, passkeys and sign-ins.
  { labelKey: 'nav.security', path: '/security', icon: SecurityIcon },
];

export function visibleMenuItems(actor: Actor): MenuItem[] {
  return menuItems.filter((item) => item.isVisible?.(actor) ?? true);
}
