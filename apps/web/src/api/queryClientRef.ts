import type { QueryClient } from '@tanstack/react-query';

/**
 * The query cache's client once its code (TanStack Query, about 15 kB gzip) is loaded: the first
 * screen draws from the stores, so the cache loads beside it (`App`'s `startLive`) and before any
 * page that queries (`router/lazyPage.ts`). Until then there is no cached query to change or drop.
 */
let loaded: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** Called by `queryClient.ts` as it is evaluated, whichever module imported it first. */
export function setLoadedQueryClient(client: QueryClient): void {
  loaded = client;
  for (const listener of listeners) listener();
}

export const loadedQueryClient = (): QueryClient | undefined => loaded;

export function onQueryClientLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./queryClient.ts').then(
    (m) => m.queryClient,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
