import { QueryClient } from '@tanstack/react-query';
import { setLoadedQueryClient } from './queryClientRef.ts';

/**
 * Server data cache. The HTTP client already tells the user about failures, so queries do not
 * retry (a retry would repeat the toast).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
setLoadedQueryClient(queryClient);
