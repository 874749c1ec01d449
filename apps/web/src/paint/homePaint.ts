import { detectLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/languages.ts';
import { readJson, readString } from '../stores/localStore.ts';

/**
 * The home screen as it was last left, painted before the app's code runs. On leaving the page
 * (or hiding it) with the chat list in view, the app column's markup is kept in localStorage with
 * the stylesheets it uses; the next start with the same user, language and address puts that copy
 * in the page before it loads the app's code (about 80 kB gzip, several hundred ms of a slow
 * phone's CPU), so the chats are on screen at once. React's first draw replaces the copy; a tap
 * on it meanwhile is replayed on the same element of the real screen.
 * This module is part of the start's first, small script: it imports nothing of the app. Keeping
 * the copy, dropping it and replaying a tap are `keepHomePaint.ts`'s, loaded with the app's start.
 */

export const HOME_PAINT_KEY = 'homePaint';
/** Set by main.tsx for the browser it runs in, before the copy is painted. */
const TOP_BAR_VAR = '--top-bar-height';

export interface HomePaint {
  userId: string;
  /** the language of the copy's texts */
  language: string;
  /** the address it was taken at: the home page's */
  hash: string;
  html: string;
  /** stylesheets of the page when it was taken (hashed, long-cached build files; the browser keeps them parsed) */
  css: string[];
  /** the root element's own style (CSS variables set at start) */
  rootStyle: string;
}

/** The copy's markup is marked painted; the live screen's data attributes about loading are left out. */
export const PAINT_MARK = 'data-painted';
export const userIdOfStored = (): string => {
  const user = readJson<{ user_id?: unknown; id?: unknown } | null>('userInfo', null);
  return readString('authToken') ? String(user?.user_id ?? user?.id ?? '') : '';
};

/** The language this start shows (as `i18n/index.ts` works it out). */
const languageNow = (): string => detectLanguage(readString(LANGUAGE_STORAGE_KEY), navigator.languages?.length ? navigator.languages : [navigator.language]);

/** The hash of the home page: no route, the root route, or the home route itself. */
export const isHomeHash = (hash: string): boolean => /^#?\/?(pages\/index\/index)?$/.test(hash.split('?')[0] ?? '');

/** The kept copy when it belongs to this user, language and address. */
function paintToUse(): HomePaint | null {
  const paint = readJson<HomePaint | null>(HOME_PAINT_KEY, null);
  if (!paint || typeof paint.html !== 'string' || !Array.isArray(paint.css)) return null;
  const userId = userIdOfStored();
  if (!userId || paint.userId !== userId || paint.language !== languageNow() || !isHomeHash(window.location.hash)) return null;
  return paint;
}

/** The `data-testid` of the element last tapped on the copy, to tap on the real screen. */
let tapped: string | null = null;

/**
 * Puts the kept home screen into `root`, hidden until the stylesheets the entry has not linked are
 * in (from the cache); answers whether it did. Taps on the copy are held for `replayPaintedTap`.
 */
export function paintHome(root: HTMLElement): boolean {
  const paint = paintToUse();
  if (!paint || root.childElementCount > 0) return false;
  const linked = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => link.href));
  let pending = 0;
  let failed = false;
  const loaded = () => {
    pending -= 1;
    if (pending === 0 && !failed) root.style.visibility = '';
  };
  // a stylesheet gone (a new version was deployed since): the copy is dropped rather than shown unstyled
  const missing = () => {
    failed = true;
    if (!root.hasAttribute(PAINT_MARK)) return;
    root.removeAttribute(PAINT_MARK);
    root.replaceChildren();
    root.style.visibility = '';
    tapped = null;
  };
  for (const href of paint.css) {
    if (typeof href !== 'string' || linked.has(href) || new URL(href, window.location.href).origin !== window.location.origin) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = loaded;
    link.onerror = missing;
    pending += 1;
    document.head.append(link);
  }
  if (pending > 0) root.style.visibility = 'hidden';
  if (paint.rootStyle) {
    // the top bar's height main.tsx set for this browser stays as it set it
    const style = document.documentElement.style;
    const topBar = style.getPropertyValue(TOP_BAR_VAR);
    style.cssText = paint.rootStyle;
    if (topBar) style.setProperty(TOP_BAR_VAR, topBar);
  }
  root.setAttribute(PAINT_MARK, '');
  root.innerHTML = paint.html;
  root.addEventListener(
    'click',
    (event) => {
      if (!root.hasAttribute(PAINT_MARK)) return;
      event.preventDefault();
      event.stopPropagation();
      tapped = (event.target as Element | null)?.closest('[data-testid]')?.getAttribute('data-testid') ?? null;
    },
    true,
  );
  return true;
}

/** After the app's first draw (which replaced the copy): the copy is no longer marked; answers the `data-testid` tapped on it, once. */
export function endPaint(root: HTMLElement): string | null {
  root.removeAttribute(PAINT_MARK);
  root.style.visibility = '';
  const testId = tapped;
  tapped = null;
  return testId;
}
