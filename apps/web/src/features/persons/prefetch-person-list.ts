import { actorFromClaims, canUseAllPersonFilters } from '@bpw/domain/permissions';
import { personsQuery } from './api/get-persons';
import { PERSON_LIST_STORAGE_KEY, defaultOptions, isPersonListOptions, toPersonListParams } from './person-list-state';
import { readSessionState } from '../../components/data-table/use-session-state';
import { authStore } from '../../lib/auth-store';
import { decodeClaims } from '../../lib/jwt-claims';
import { queryClient } from '../../lib/query-client';

/**
 * Requests the page of persons the list will show, with the same query key, so the request runs
 * while the page's code loads instead of after its first render (the list was the largest paint
 * of /persons and waited for both, issue 8). The page reads the same stored options.
 */
export function prefetchPersonList(): void {
  const auth = authStore.get();
  if (!auth) return;
  const canUseAllFilters = canUseAllPersonFilters(actorFromClaims(decodeClaims(auth.token)));
  void queryClient.prefetchQuery(
    personsQuery(
      toPersonListParams(
        readSessionState(PERSON_LIST_STORAGE_KEY, defaultOptions, isPersonListOptions),
        canUseAllFilters,
      ),
    ),
  );
}
