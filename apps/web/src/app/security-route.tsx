import { useTranslation } from 'react-i18next';
import { ApiTokensSection } from '../features/api-tokens/api-tokens-section';
import { ConnectedAppsSection } from '../features/oidc/connected-apps-section';
import { SecurityPage } from '../features/second-factors/security-page';

/** /security: her second factors and sign-ins, and (issue 26) the apps she lets sign her in. */
export function SecurityRoute() {
  const { t } = useTranslation();
  return (
    <SecurityPage
      extraSections={
        <>
          <ConnectedAppsSection />
          {/* Issue 26: her personal access tokens. */}
          <ApiTokensSection
            ownerPath="/api-token"
            title={t('apiTokens.personal.title')}
            intro={t('apiTokens.personal.intro')}
          />
        </>
      }
    />
  );
}
