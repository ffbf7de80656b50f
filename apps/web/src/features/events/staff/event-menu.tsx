import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import MoreVert from '@mui/icons-material/MoreVert';
import OpenInBrowser from '@mui/icons-material/OpenInBrowser';
import Preview from '@mui/icons-material/Preview';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { publicPageEventStates } from '@bpw/domain/enums/event';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { type ReactElement } from 'react';
import { useActionMenu } from '../../../components/use-action-menu';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type EventMenuAction, eventMenuActions } from './event-page-extensions';
import { publicEventPath } from '../shared/public-event';

/** The page's own dialogs, and the key of an extension's action. */
export type EventPageAction = 'preview' | 'edit' | 'state' | 'delete' | `extension:${string}`;

interface MenuEntry {
  key: string;
  label: string;
  icon: ReactElement;
  action?: EventPageAction;
  href?: string;
}

/** Spec 02 §2: open public page only in Published, OpenForRegistration and Completed. */
export const hasPublicPage = (event: Pick<EventDetail, 'eventState'>) =>
  (publicPageEventStates as readonly number[]).includes(event.eventState);

/** The menu's groups in the spec's order (§2 "Header menu"); managing entries only for managers. */
function menuGroups(
  event: EventDetail,
  canManage: boolean,
  actions: readonly EventMenuAction[],
  t: (key: string) => string,
): MenuEntry[][] {
  const view: MenuEntry[] = [
    { key: 'preview', label: t('eventsStaff.menu.preview'), icon: <Preview />, action: 'preview' },
  ];
  if (hasPublicPage(event)) {
    view.push({
      key: 'public',
      label: t('eventsStaff.menu.openPublicPage'),
      icon: <OpenInBrowser />,
      href: publicEventPath(event.id),
    });
  }
  const extensions = actions
    .filter((item) => (canManage || !item.isForManagersOnly) && (item.isAvailable?.(event) ?? true))
    .map((item) => ({
      key: item.key,
      label: t(item.labelKey),
      icon: item.icon,
      action: `extension:${item.key}` as const,
    }));
  const manage: MenuEntry[] = canManage
    ? [
        { key: 'edit', label: t('eventsStaff.menu.edit'), icon: <Edit />, action: 'edit' },
        { key: 'state', label: t('eventsStaff.menu.state'), icon: <SwapHoriz />, action: 'state' },
        { key: 'delete', label: t('eventsStaff.menu.delete'), icon: <Delete />, action: 'delete' },
      ]
    : [];
  return [view, extensions, manage].filter((group) => group.length > 0);
}

export function EventMenu({
  event,
  canManage,
  onAction,
  extraActions = [],
}: {
  event: EventDetail;
  canManage: boolean;
  onAction: (action: EventPageAction) => void;
  /** Actions of other features, composed by the route (app/event-detail-route.tsx). */
  extraActions?: readonly EventMenuAction[];
}) {
  const { t } = useTranslation();
  const menu = useActionMenu();
  const groups = menuGroups(event, canManage, [...eventMenuActions, ...extraActions], t);
  const choose = (action: EventPageAction) => {
    menu.close();
    onAction(action);
  };
  return (
    <>
      <Button {...menu.buttonProps} variant="outlined" color="inherit" startIcon={<MoreVert />}>
        {t('eventsStaff.menu.open')}
      </Button>
      <Menu {...menu.menuProps}>
        {groups.flatMap((group, index) => [
          ...(index > 0 ? [<Divider key={`divider-${index}`} component="li" role="separator" />] : []),
          ...group.map((entry) =>
            entry.href ? (
              <MenuItem key={entry.key} component={RouterLink} to={entry.href} onClick={() => menu.close()}>
                <ListItemIcon>{entry.icon}</ListItemIcon>
                <ListItemText>{entry.label}</ListItemText>
              </MenuItem>
            ) : (
              <MenuItem key={entry.key} onClick={() => entry.action && choose(entry.action)}>
                <ListItemIcon>{entry.icon}</ListItemIcon>
                <ListItemText>{entry.label}</ListItemText>
              </MenuItem>
            ),
          ),
        ])}
      </Menu>
    </>
  );
}
