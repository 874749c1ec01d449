import { writeValue } from '../stores/localStore.ts';
import { endPaint, HOME_PAINT_KEY, type HomePaint, isHomeHash, PAINT_MARK, userIdOfStored } from './homePaint.ts';

/**
 * The keeping side of the kept home screen (`homePaint.ts` paints it): saved as the page is left,
 * dropped at logout, a tap on it replayed after the app's first draw. Outside the entry script,
 * which only paints.
 */

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

/** A chat list row (`chatList/ChatRow.tsx`); its other marks are on spans. */
const CHAT_ROW = 'button[data-testid^=chat-row-]';

/** Keeps the shown home screen, in `language`, when the chat list is in view (called as the page is left or hidden). */
export function saveHomePaint(root: HTMLElement | null, language: string): void {
  const userId = userIdOfStored();
  if (!userId || !root || root.hasAttribute(PAINT_MARK) || !isHomeHash(window.location.hash)) return;
  const list = root.querySelector('[data-testid=chat-list]');
  if (!list?.querySelector(CHAT_ROW)) return;
  if (root.querySelector(`[${PAINT_OPEN}]`)) {
    dropHomePaint();
    return;
  }
  // rows below the screen's bottom edge are left out: the next start lays out only what it shows
  const belowScreen = [...root.querySelectorAll(CHAT_ROW)].map((row) => row.getBoundingClientRect().top >= window.innerHeight);
  const copy = root.cloneNode(true) as HTMLElement;
  for (const [i, row] of [...copy.querySelectorAll(CHAT_ROW)].entries()) if (belowScreen[i]) row.remove();
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

/** After the app's first draw (which replaced the copy): the copy is no longer marked, and a tap on it is made on the real element. */
export function replayPaintedTap(root: HTMLElement): void {
  const testId = endPaint(root);
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
