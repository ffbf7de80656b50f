import type { AuditTrail } from '@bpw/domain/schemas/audit-trail';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../api/api';
import { personPath } from '../../api/person-detail-keys';

export const AUDIT_TRAIL_PAGE_SIZE = 10;

/** GET person/{id}/audit-entry (admins): one page of the person's trail, newest first. */
export const getAuditTrail = (id: string, page: number, signal?: AbortSignal) =>
  api.get<AuditTrail>(`${personPath(id)}/audit-entry`, { Page: page, PerPage: AUDIT_TRAIL_PAGE_SIZE }, signal);

// Under the person's key, so every change on her page (invalidatePerson) reloads the trail too.
export const auditTrailQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['person', id, 'audit-entry'] as const,
    queryFn: ({ pageParam, signal }) => getAuditTrail(id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * AUDIT_TRAIL_PAGE_SIZE < last.total ? pages.length : undefined),
  });

export const useAuditTrail = (id: string) => useInfiniteQuery(auditTrailQuery(id));
