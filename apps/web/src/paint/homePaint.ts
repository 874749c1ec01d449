import { detectLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/languages.ts';
import { readJson, readString, writeValue } from '../stores/localStore.ts';

/**
 * The home screen as it was last left, painted before the app's code runs. On leaving the page
 * (or hiding it) with the chat list in view, the app column's markup is kept in localStorage with
 * the stylesheets it uses; the next start with the same user, language and address puts that copy
 * in the page before it loads the app's code (about 80 kB gzip, several hundred ms of a slow
 * phone's CPU), so the chats are on screen at once. React's first draw replaces the copy; a tap
 * on it meanwhile is replayed on the same element of the real screen.
 * This module is part of the start's first, small script: it imports nothing of the app.
 */

export const HOME_PAINT_KEY = 'homePaint';

interface HomePaint {
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
const PAINT_MARK = 'data-painted';
/**
 * Marks what is not kept in the copy: overlays (the personal panel, the '+' menu), the connection
 * banner, a row's swipe actions. The next start draws none of them.
 */
export const PAINT_SKIP = 'data-paint-skip';
/** The same for overlays antd-mobile draws from a call, which take a class but no attribute (a chat row's menu sheet). */
export const PAINT_SKIP_CLASS = 'paint-skip';
/**
 * Marks a passing state that the copy cannot show as the next start draws it (a chat row swiped
 * open): while one is on screen no copy is kept, and the older one is dropped.
 */
export const PAINT_OPEN = 'data-paint-open';

const userIdOfStored = (): string => {
  const user = readJson<{ user_id?: unknown; id?: unknown } | null>('userInfo', null);
  return readString('authToken') ? String(user?.user_id ?? user?.id ?? '') : '';
};

/** The language this start shows (as `i18n/index.ts` works it out). */
const languageNow = (): string => detectLanguage(readString(LANGUAGE_STORAGE_KEY), navigator.languages?.length ? navigator.languages : [navigator.language]);

/** The hash of the home page: no route, the root route, or the home route itself. */
export const isHomeHash = (hash: string): boolean => /^#?\/?(pages\/index\/index)?$/.test(hash.split('?')[0] ?? '');

/** Keeps the shown home screen, in `language`, when the chat list is in view (called as the page is left or hidden). */
export function saveHomePaint(root: HTMLElement | null, language: string): void {
  const userId = userIdOfStored();
  if (!userId || !root || root.hasAttribute(PAINT_MARK) || !isHomeHash(window.location.hash)) return;
  const list = root.querySelector('[data-testid=chat-list]');
  if (!list?.querySelector('[data-testid^=chat-row-]')) return;
  if (root.querySelector(`[${PAINT_OPEN}]`)) {
    dropHomePaint();
    return;
  }
  const copy = root.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll(`[${PAINT_SKIP}], .${PAINT_SKIP_CLASS}`)) el.remove();
  for (const el of copy.querySelectorAll('[data-loaded],[data-restored]')) {
    el.removeAttribute('data-loaded');
    el.removeAttribute('data-restored');
  }
  const css = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => link.href);
  const paint: HomePaint = { userId, language, hash: window.location.hash, html: copy.innerHTML, css, rootStyle: document.documentElement.style.cssText };
  // storage full: no copy, not even the older one (it would show a screen older than the one left); the next start draws as before
  if (!writeValue(HOME_PAINT_KEY, paint)) dropHomePaint();
}

export const dropHomePaint = (): void => {
  writeValue(HOME_PAINT_KEY, null);
};

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
    // the variables main.tsx set for this browser (the top bar's height) stay as it set them
    const style = document.documentElement.style;
    const own = new Map([...style].map((name) => [name, style.getPropertyValue(name)]));
    style.cssText = paint.rootStyle;
    for (const [name, value] of own) style.setProperty(name, value);
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

/** After the app's first draw (which replaced the copy): the copy is no longer marked, and a tap on it is made on the real element. */
export function replayPaintedTap(root: HTMLElement): void {
  root.removeAttribute(PAINT_MARK);
  root.style.visibility = '';
  const testId = tapped;
  tapped = null;
  if (!testId) return;
  const target = root.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`);
  if (target && canBeTapped(target)) target.click();
}

/**
 * Whether `el` is on the real screen where a tap would reach it: shown, and what is at its centre
 * is it or inside it (not hidden behind an edge, another layer or out of view). An element of the
 * copy the app does not show the same way (an action of a row it draws closed) is not tapped.
 */
function canBeTapped(el: HTMLElement): boolean {
  if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
  const box = el.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && el.contains(hit);
}
