import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { loadedQueryClient, onQueryClientLoaded } from './queryClientRef.ts';

/**
 * TanStack Query's `QueryClientProvider` for a client that loads after the first render: the
 * context holds nothing until then (no component that queries is drawn before, see
 * `queryClientRef.ts`), and the client once loaded, without remounting the tree below.
 */
export function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(onQueryClientLoaded, loadedQueryClient);
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
