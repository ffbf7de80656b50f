import { QueryCache, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { enqueueSnackbar } from 'notistack';
import { ApiError } from '../api/api-error';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Spec 01 §8: a failed load of this query shows the loading-error snackbar. */
      isLoadErrorShown?: boolean;
    };
  }
}

/** The meta of a query whose failed load the user is told of with the loading-error snackbar. */
export const showsLoadError = { isLoadErrorShown: true } as const;

/** Client errors (4xx) are answers, not hiccups: only network and server errors are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  // One snackbar for every failed load that asks for it, however many queries fail at once.
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.isLoadErrorShown) return;
      // A refused request says why (e.g. "more than 2000 entries, narrow it"); anything else is a load error.
      const isRefused = error instanceof ApiError && error.status === 400 && error.errors.length > 0;
      const message = isRefused ? error.errors.join(' ') : i18next.t('common.loadError');
      enqueueSnackbar(message, { variant: 'error', preventDuplicate: true });
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
