import { createContext, type ReactNode, startTransition, useContext, useEffect, useMemo, useState } from 'react';

/**
 * The app's router: the location hash (`#/pages/x?a=1`) as a path and a query, browser history
 * entries made with `pushState`, and the few hooks the pages use. It takes react-router's place
 * (about 28 kB gzip): the routes are one flat table (`routes.tsx`), so matching is a lookup.
 * History entries carry an index (`history.state.idx`, as react-router kept it), so that back
 * navigation knows the first page of the stack (`useGoBack`).
 */
export interface Location {
  /** `/pages/x`; `/` for an empty hash */
  pathname: string;
  /** `?a=1`, or empty */
  search: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

export type NavigateFunction = {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
};

function readLocation(): Location {
  const hash = window.location.hash.replace(/^#/, '');
  const at = hash.indexOf('?');
  const path = at < 0 ? hash : hash.slice(0, at);
  return { pathname: path.startsWith('/') ? path : `/${path}`, search: at < 0 ? '' : hash.slice(at) };
}

type HistoryState = { idx?: number } | null;
const historyIndex = (): number | undefined => (window.history.state as HistoryState)?.idx;

let current: Location = readLocation();
const listeners = new Set<(location: Location) => void>();

/** Told of every new location at once, outside React (a page's code may still be loading). */
const watchers = new Set<(location: Location) => void>();

/**
 * Calls `watcher` on every change of location, the app's own included: `pushState` and
 * `replaceState` fire no `hashchange`. Answers the way to stop.
 */
export function onLocationChange(watcher: (location: Location) => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

let isReady: (location: Location) => boolean = () => false;
let loadFor: (location: Location) => Promise<unknown> | undefined = () => undefined;
/**
 * `ready` says whether the page of a location can be drawn at once (its code is in); `load` brings
 * its code in.
 */
export function drawAtOnceWhen(ready: (location: Location) => boolean, load: (location: Location) => Promise<unknown> | undefined): void {
  isReady = ready;
  loadFor = load;
}

/**
 * Tells the mounted router of a new location. A page whose code is in is drawn at once; another
 * renders as a transition, so that the page shown stays until the next one is loaded, and is drawn
 * at once as soon as its code is in. (A transition is only rendered in slices between other work, and
 * redone from the start when a store it reads changes meanwhile, e.g. the tapped chat's messages
 * coming in.)
 */
function changed(): void {
  const next = readLocation();
  if (next.pathname === current.pathname && next.search === current.search) return;
  current = next;
  for (const watcher of watchers) watcher(next);
  const tell = (location: Location) => {
    for (const listener of listeners) listener(location);
  };
  if (isReady(next)) {
    tell(next);
    return;
  }
  startTransition(() => tell(next));
  // a copy: the same location again would not be an update
  void loadFor(next)?.then(
    () => current === next && tell({ ...next }),
    () => undefined,
  );
}

let listening = false;
/** Starts following the browser's back and forward (and hashes typed in the address bar): once, when the router first mounts. */
function listen(): void {
  if (listening) return;
  listening = true;
  if (typeof historyIndex() !== 'number') window.history.replaceState({ ...(window.history.state as object | null), idx: 0 }, '');
  window.addEventListener('popstate', changed);
  changed();
}

/** Goes to `to` (an app path with its query), or `delta` steps through the history. */
/** Where the app is now (outside React: before the first draw). */
export const currentLocation = (): Location => current;

export const navigate: NavigateFunction = (to: string | number, options?: NavigateOptions): void => {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const url = `#${to}`;
  if (options?.replace) window.history.replaceState({ idx: historyIndex() ?? 0 }, '', url);
  else window.history.pushState({ idx: (historyIndex() ?? 0) + 1 }, '', url);
  changed();
};

const LocationContext = createContext<Location>(current);

/** Keeps its children in step with the location hash. */
export function HashRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    listeners.add(setLocation);
    listen();
    setLocation(current);
    return () => {
      listeners.delete(setLocation);
    };
  }, []);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

export function useLocation(): Location {
  return useContext(LocationContext);
}

export function useNavigate(): NavigateFunction {
  return navigate;
}

/** The query of the location (read-only, as the pages use it). */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** Goes to `to` once rendered (a redirect). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }): null {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}
