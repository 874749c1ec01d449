import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

export interface LazySheet<P> {
  (props: P): ReactNode;
  /** Loads its code now (once: later calls and the first draw share it). */
  preload(): Promise<unknown>;
}

/**
 * A sheet, dialog or viewer whose code loads when it is first shown (or with `preload`): antd-mobile's
 * popups and image viewer bring react-spring and use-gesture (about 25 kB gzip), which the first draw
 * of a screen that only may open them does not need. Nothing shows until the code is in.
 */
export function lazySheet<P extends object>(load: () => Promise<ComponentType<P>>): LazySheet<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per sheet, at module level (pages/message/chat/sheets.ts)
  const Sheet = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Object.assign(Sheet, { preload: loadOnce });
}
