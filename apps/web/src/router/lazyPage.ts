import { PAGE_LOAD_TIMEOUT_MS } from '@parley/protocol';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadQueryClient } from '../api/queryClientRef.ts';
import { loadDeferredTexts } from '../i18n/index.ts';
import type { PageProps } from './pageProps.ts';

export type PageModule = { default: ComponentType<PageProps> };
export type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * A lazily loaded page whose loading fails after the page load time-out (spec §9: 60 s). The page
 * loads with the texts the start leaves out (the refusals, which forms show) and the query cache,
 * unless it is a first screen that needs neither (`firstScreen`: the home page).
 */
export function lazyPage(load: () => Promise<PageModule>, options: { firstScreen?: boolean } = {}): LazyPage {
  const loadWithTexts = options.firstScreen
    ? load
    : () => Promise.all([load(), loadDeferredTexts(), loadQueryClient()]).then(([module]) => module);
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('page load timed out')), PAGE_LOAD_TIMEOUT_MS);
        loadWithTexts().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}
