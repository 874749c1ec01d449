import { PAGE_LOAD_TIMEOUT_MS } from '@parley/protocol';
import { type ComponentType, lazy } from 'react';
import { loadQueryClient } from '../api/queryClientRef.ts';
import { loadDeferredTexts } from '../i18n/index.ts';
import type { PageProps } from './pageProps.ts';

export type PageModule = { default: ComponentType<PageProps> };

export interface LazyPage {
  /** The page itself once its code is in (drawn without suspending), else its `lazy` stand-in. */
  component(): ComponentType<PageProps>;
  /** Loads the page's code now. */
  preload(): Promise<unknown>;
  /** Its code is in: the page draws without suspending. */
  ready(): boolean;
}

/** Rejects after the page load time-out (spec §9: 60 s). */
function withTimeout<T>(loading: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('page load timed out')), PAGE_LOAD_TIMEOUT_MS);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A page whose code comes with the app's. */
export const bundledPage = (page: ComponentType<PageProps>): LazyPage => ({ component: () => page, preload: () => Promise.resolve(), ready: () => true });

/**
 * A lazily loaded page whose loading fails after the page load time-out. The page loads with the
 * texts the start leaves out (the refusals, which forms show) and the query cache.
 *
 * A page whose code is already in (`preload`, or an earlier visit) is drawn directly rather than
 * through `lazy`, which would suspend it once: its fallback shown, and React then holds the page
 * back until the fallback has been up for 300 ms.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType<PageProps> | undefined;
  let loading: Promise<PageModule> | undefined;
  const loadOnce = () => {
    loading ??= Promise.all([load(), loadDeferredTexts(), loadQueryClient()]).then(
      ([module]) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => withTimeout(loadOnce()));
  return { component: () => loaded ?? Lazy, preload: loadOnce, ready: () => loaded !== undefined };
}
