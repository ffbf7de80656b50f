import type { MailTemplate } from '@bpw/domain/auth-schemas';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useResetPersonPassword } from './api/reset-person-password';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';

interface PasswordResetDialogProps {
  /** The mail to send, or null when closed. */
  template: MailTemplate | null;
  username: string | null | undefined;
  onClose: () => void;
}

/**
 * Reset password, basic or with the welcome mail (spec 01 §2): asks first, then mails a link to
 * set a password (DESIGN "Where we deliberately go past the spec").
 */
export function PasswordResetDialog({ template, username, onClose }: PasswordResetDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const reset = useResetPersonPassword();
  const send = async () => {
    if (!template || !username) return;
    onClose();
    try {
      await reset.mutateAsync({ email: username, mailTemplate: template });
      enqueueSnackbar(t('personDetail.reset.sent', { email: username }), { variant: 'success' });
    } catch (error) {
      const details = errorMessages(error, '').filter(Boolean);
      enqueueSnackbar([t('auth.passwordChangeFailed'), ...details].join(' '), { variant: 'error' });
    }
  };
  const isWelcome = template === 'welcome';
  return (
    <ConfirmDialog
      open={template !== null}
      title={t(isWelcome ? 'personDetail.menu.resetWelcome' : 'personDetail.menu.resetBasic')}
      message={t(isWelcome ? 'personDetail.reset.confirmWelcome' : 'personDetail.reset.confirmBasic', {
        email: username ?? '',
      })}
      confirmLabel={t('personDetail.reset.send')}
      onConfirm={() => void send()}
      onCancel={onClose}
    />
  );
}
