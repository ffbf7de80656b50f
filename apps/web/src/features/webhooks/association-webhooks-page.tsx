import { canManageWebhooksOf } from '@bpw/domain/schemas/webhook';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { WebhooksSection } from './webhooks-section';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

/** /webhooks (issue 26, admins): the association's webhook subscriptions. */
export function AssociationWebhooksPage() {
  const { t } = useTranslation();
  const actor = useActor();
  if (!canManageWebhooksOf(actor, null)) return <Navigate to="/" replace />;
  return (
    <>
      <PageHeading titleKey="webhooks.association.title" />
      <WebhooksSection
        clubId={null}
        title={t('webhooks.association.subscriptions')}
        intro={t('webhooks.association.intro')}
      />
    </>
  );
}
