import type { ConsentLog } from '@bpw/domain/schemas/consent-log';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../api/api';
import { personPath } from '../../api/person-detail-keys';

export const CONSENT_LOG_PAGE_SIZE = 10;

/** GET person/{id}/consent-log (she herself, her managers, admins): one page, newest first. */
export const getConsentLog = (id: string, page: number, signal?: AbortSignal) =>
  api.get<ConsentLog>(`${personPath(id)}/consent-log`, { Page: page, PerPage: CONSENT_LOG_PAGE_SIZE }, signal);

// Under the person's key, so a saved profile (invalidatePerson) reloads the log too.
export const consentLogQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['person', id, 'consent-log'] as const,
    queryFn: ({ pageParam, signal }) => getConsentLog(id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * CONSENT_LOG_PAGE_SIZE < last.total ? pages.length : undefined),
  });

export const useConsentLog = (id: string) => useInfiniteQuery(consentLogQuery(id));
