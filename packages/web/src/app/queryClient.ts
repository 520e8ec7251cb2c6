import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportError } from './reportError';

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: the caller shows the failure itself (or, for notices, not at all). */
    queryMeta: { silent?: boolean; errorPrefix?: string };
    mutationMeta: { silent?: boolean };
  }
}

/** Server state for the whole console; failures are reported once here, as §8 describes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) reportError(error, query.meta?.errorPrefix);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) reportError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    },
  });
}
