import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../components/secret-once-dialog/secret-once-dialog';

/** The secret of a new token, shown this once, with a copy button. */
export function ApiTokenSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      secret={secret}
      title={t('apiTokens.secret.title')}
      once={t('apiTokens.secret.once')}
      label={t('apiTokens.secret.label')}
      copiedMessage={t('apiTokens.secret.copied')}
      onClose={onClose}
    />
  );
}
