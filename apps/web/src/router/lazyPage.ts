import { PAGE_LOAD_TIMEOUT_MS } from '@parley/protocol';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageProps } from './pageProps.ts';

export type PageModule = { default: ComponentType<PageProps> };
export type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

/** A lazily loaded page whose loading fails after the page load time-out (spec §9: 60 s). */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('page load timed out')), PAGE_LOAD_TIMEOUT_MS);
        load().then(
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
