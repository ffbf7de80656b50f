import AddBusiness from '@mui/icons-material/AddBusiness';
import AddLocationAlt from '@mui/icons-material/AddLocationAlt';
import Archive from '@mui/icons-material/Archive';
import ContactPage from '@mui/icons-material/ContactPage';
import Delete from '@mui/icons-material/Delete';
import Email from '@mui/icons-material/Email';
import Key from '@mui/icons-material/Key';
import LockReset from '@mui/icons-material/LockReset';
import MoreVert from '@mui/icons-material/MoreVert';
import Person from '@mui/icons-material/Person';
import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Unarchive from '@mui/icons-material/Unarchive';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactElement } from 'react';
import { useActionMenu } from '../../components/use-action-menu';
import { useTranslation } from 'react-i18next';
import type { PersonDetailAccess } from './person-detail-access';

export type PersonDetailAction =
  | 'address'
  | 'assignment'
  | 'avatar'
  | 'username'
  | 'password'
  | 'resetBasic'
  | 'resetWelcome'
  | 'resetSecondFactor'
  | 'vCard'
  | 'archive'
  | 'unarchive'
  | 'delete';

const icons: Record<PersonDetailAction, ReactElement> = {
  address: <AddLocationAlt />,
  assignment: <AddBusiness />,
  avatar: <PhotoCamera />,
  username: <Person />,
  password: <Key />,
  resetBasic: <LockReset />,
  resetWelcome: <Email />,
  resetSecondFactor: <PhonelinkLock />,
  vCard: <ContactPage />,
  archive: <Archive />,
  unarchive: <Unarchive />,
  delete: <Delete />,
};

/** The menu actions offered, in order, with the spec's conditions (spec 01 §2 "Menu actions", §6). */
export function personDetailActions(access: PersonDetailAccess): PersonDetailAction[][] {
  const groups: [PersonDetailAction, boolean][][] = [
    [
      ['address', access.canEdit],
      ['assignment', access.canCreateAssignment],
      ['avatar', access.canEdit],
    ],
    [
      ['username', access.canChangeCredentials],
      ['password', access.canChangeCredentials],
      ['resetBasic', access.canResetPassword],
      ['resetWelcome', access.canResetPassword],
      ['resetSecondFactor', access.canResetSecondFactor],
    ],
    [['vCard', true]],
    [
      ['archive', access.canArchive],
      ['unarchive', access.canUnarchive],
      ['delete', access.canDelete],
    ],
  ];
  return groups
    .map((group) => group.filter(([, isOffered]) => isOffered).map(([action]) => action))
    .filter((group) => group.length > 0);
}

export function PersonDetailMenu({
  access,
  onAction,
}: {
  access: PersonDetailAccess;
  onAction: (action: PersonDetailAction) => void;
}) {
  const { t } = useTranslation();
  const menu = useActionMenu();
  const groups = personDetailActions(access);
  const choose = (action: PersonDetailAction) => {
    menu.close();
    onAction(action);
  };
  return (
    <>
      <Button {...menu.buttonProps} variant="outlined" color="inherit" startIcon={<MoreVert />}>
        {t('personDetail.menu.open')}
      </Button>
      <Menu {...menu.menuProps}>
        {groups.flatMap((group, index) => [
          ...(index > 0 ? [<Divider key={`divider-${index}`} component="li" role="separator" />] : []),
          ...group.map((action) => (
            <MenuItem key={action} onClick={() => choose(action)}>
              <ListItemIcon>{icons[action]}</ListItemIcon>
              <ListItemText>{t(`personDetail.menu.${action}`)}</ListItemText>
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}
