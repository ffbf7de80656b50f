import { canManageWebhooksOf } from '@bpw/domain/schemas/webhook';
import { Navigate } from 'react-router';
import { WebhooksSection } from './webhooks-section';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

/** /webhooks (issue 26, admins): the association's webhook subscriptions. */
export function AssociationWebhooksPage() {
  const actor = useActor();
  if (!canManageWebhooksOf(actor, null)) return <Navigate to="/" replace />;
  return (
    <>
      <PageHeading titleKey="webhooksNav.label" />
      <WebhooksSection clubId={null} />
    </>
  );
}
