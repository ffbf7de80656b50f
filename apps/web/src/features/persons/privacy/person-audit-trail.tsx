import { useTranslation } from 'react-i18next';
import { useAuditTrail } from './api/get-audit-trail';
import { auditActorText, auditEntryText } from './audit-entry-text';
import { PagedEntryList } from './paged-entry-list';

/**
 * Issue 9 (revFADP), on the person's system info, for admins: who created, changed, archived or
 * exported her, and when, newest first, ten at a time.
 */
export function PersonAuditTrail({ personId }: { personId: string }) {
  const { t } = useTranslation();
  return (
    <PagedEntryList
      title={t('personPrivacy.trailTitle')}
      query={useAuditTrail(personId)}
      primary={(entry) => auditEntryText(entry, t)}
      source={(entry) => auditActorText(entry, t)}
    />
  );
}
