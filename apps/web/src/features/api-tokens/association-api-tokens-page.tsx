import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiTokensSection } from './api-tokens-section';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

/** /api-tokens (issue 26, admins): the association's service tokens. */
export function AssociationApiTokensPage() {
  const { t } = useTranslation();
  const actor = useActor();
  if (!actor.isAdmin) return <Navigate to="/" replace />;
  return (
    <Box>
      <PageHeading titleKey="apiTokens.association.pageTitle" />
      <ApiTokensSection
        ownerPath="/association/api-token"
        title={t('apiTokens.association.title')}
        intro={t('apiTokens.association.intro')}
      />
    </Box>
  );
}
