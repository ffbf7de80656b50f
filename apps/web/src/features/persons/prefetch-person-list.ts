import { actorFromClaims, canUseAllPersonFilters } from '@bpw/domain/permissions';
import { personsQuery } from './api/get-persons';
import { PERSON_LIST_STORAGE_KEY, defaultOptions, isPersonListOptions, toPersonListQuery } from './person-list-state';
import { readSessionState } from '../../components/data-table/use-session-state';
import { authStore } from '../../lib/auth-store';
import { decodeClaims } from '../../lib/jwt-claims';
import { queryClient } from '../../lib/query-client';

/**
 * The /persons route's loader: requests the page of persons the list will show, with the same
 * query key, beside the page's code and texts instead of after its first render (the list was the
 * largest paint of /persons and waited for both, issue 8). The page reads the same stored options.
 * It does not wait for the answer (issue 20): the page, its heading (the largest paint) and the
 * table's placeholder rows render as soon as the code is there, and the rows follow in a commit
 * of their own.
 */
export function loadPersonList(): null {
  const auth = authStore.get();
  if (!auth) return null;
  const canUseAllFilters = canUseAllPersonFilters(actorFromClaims(decodeClaims(auth.token)));
  const query = personsQuery(
    toPersonListQuery(readSessionState(PERSON_LIST_STORAGE_KEY, defaultOptions, isPersonListOptions), canUseAllFilters),
  );
  // A failed load is the page's to show (the loading-error snackbar), not the route's error page.
  void queryClient.prefetchQuery(query);
  return null;
}
