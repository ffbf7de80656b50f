import { EntityState } from '@bpw/domain/enums/entity-state';
import type { MailTemplate } from '@bpw/domain/auth-schemas';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeletePerson } from './api/delete-person';
import { useResetSecondFactor } from './api/reset-second-factor';
import { useDownloadVCard } from './api/download-v-card';
import { usePersonSysInfo } from './api/get-person-sys-info';
import { useSetPersonState } from './api/set-person-state';
import { AddressFormDialog } from './address-form-dialog';
import { AvatarDialog } from './avatar-dialog';
import { ClubAssignmentFormDialog } from './club-assignment-form-dialog';
import type { PersonDetailAccess } from './person-detail-access';
import type { PersonDetailAction } from './person-detail-menu';
import { PasswordDialog } from './password-dialog';
import { PasswordResetDialog } from './password-reset-dialog';
import { UsernameDialog } from './username-dialog';
import { ApiError, errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { personDisplayName } from '../../lib/current-person';

type OpenDialog = 'address' | 'assignment' | 'avatar' | 'username' | 'password' | 'delete' | 'resetSecondFactor' | null;

/**
 * Runs the menu's actions and holds their dialogs (spec 01 §2 "Menu actions", §8 messages).
 * Returns the handler for the menu and the dialogs to render.
 */
export function usePersonDetailActions(person: PersonDetail, access: PersonDetailAccess) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [resetTemplate, setResetTemplate] = useState<MailTemplate | null>(null);
  const sysInfo = usePersonSysInfo(person.id, access.canEdit);
  const setState = useSetPersonState();
  const vCard = useDownloadVCard();
  const deletePerson = useDeletePerson();
  const resetSecondFactor = useResetSecondFactor();
  const close = () => setDialog(null);
  const name = personDisplayName(person);

  const changeState = (state: EntityState) =>
    setState.mutate(
      { id: person.id, state },
      {
        onSuccess: () =>
          enqueueSnackbar(t(state === EntityState.Archived ? 'persons.archived' : 'persons.reactivated'), {
            variant: 'success',
          }),
        onError: (error) =>
          enqueueSnackbar([t('common.updateError'), ...errorMessages(error, '')].filter(Boolean).join(': '), {
            variant: 'error',
          }),
      },
    );

  const confirmDelete = () => {
    close();
    deletePerson.mutate(person.id, {
      onSuccess: () => {
        enqueueSnackbar(t('personDetail.deleted'), { variant: 'success' });
        void navigate('/persons');
      },
      onError: (error) => {
        const isOwn = error instanceof ApiError && error.status === 403 && access.isOwn;
        enqueueSnackbar(isOwn ? t('persons.cannotDeleteOwnAccount') : t('common.deleteError'), { variant: 'error' });
      },
    });
  };

  const confirmResetSecondFactor = () => {
    close();
    resetSecondFactor.mutate(person.id, {
      onSuccess: () => enqueueSnackbar(t('personDetail.resetSecondFactorDone'), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar([t('common.saveError'), ...errorMessages(error, '')].filter(Boolean).join(': '), {
          variant: 'error',
        }),
    });
  };

  const onAction = (action: PersonDetailAction) => {
    switch (action) {
      case 'resetBasic':
        return setResetTemplate('basic');
      case 'resetWelcome':
        return setResetTemplate('welcome');
      case 'vCard':
        return vCard.mutate(person.id, {
          onError: () => enqueueSnackbar(t('common.loadError'), { variant: 'error' }),
        });
      case 'archive':
        return changeState(EntityState.Archived);
      case 'unarchive':
        return changeState(EntityState.Active);
      default:
        return setDialog(action);
    }
  };

  const dialogs = (
    <>
      {dialog === 'address' ? <AddressFormDialog personId={person.id} onClose={close} /> : null}
      {dialog === 'assignment' ? <ClubAssignmentFormDialog personId={person.id} onClose={close} /> : null}
      {dialog === 'avatar' ? (
        <AvatarDialog onClose={close} personId={person.id} avatarId={person.avatarId} name={name} />
      ) : null}
      {dialog === 'username' ? (
        <UsernameDialog onClose={close} personId={person.id} currentUsername={sysInfo.data?.username} />
      ) : null}
      {dialog === 'password' ? <PasswordDialog onClose={close} personId={person.id} isOwn={access.isOwn} /> : null}
      <PasswordResetDialog
        template={resetTemplate}
        username={sysInfo.data?.username}
        onClose={() => setResetTemplate(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('personDetail.deleteTitle')}
        message={t('personDetail.deleteMessage', { name })}
        confirmLabel={t('personDetail.delete')}
        onConfirm={confirmDelete}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog === 'resetSecondFactor'}
        title={t('personDetail.resetSecondFactorTitle')}
        message={t('personDetail.resetSecondFactorMessage', { name })}
        confirmLabel={t('personDetail.menu.resetSecondFactor')}
        onConfirm={confirmResetSecondFactor}
        onCancel={close}
      />
    </>
  );

  return {
    onAction,
    dialogs,
    isBusy: setState.isPending || deletePerson.isPending || vCard.isPending || resetSecondFactor.isPending,
  };
}
