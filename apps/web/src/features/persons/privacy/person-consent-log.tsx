import { useTranslation } from 'react-i18next';
import { useConsentLog } from './api/get-consent-log';
import { consentEntryText, consentSourceText } from './consent-entry-text';
import { PagedEntryList } from './paged-entry-list';

/**
 * Issue 25: every change of her advertising consent, profile visibility and acceptance of the
 * terms, with date, channel and who made it; for her, her managers and admins.
 */
export function PersonConsentLog({ personId }: { personId: string }) {
  const { t } = useTranslation();
  return (
    <PagedEntryList
      title={t('personPrivacy.consent.title')}
      query={useConsentLog(personId)}
      primary={(entry) => consentEntryText(entry, t)}
      source={(entry) => consentSourceText(entry, t)}
    />
  );
}
