import type { BrowserContext, Page } from 'playwright-core';
import { STEP_TIMEOUT_MS } from './browser.ts';

/**
 * "Drawn" in the page's own clock: each animation frame looks for the element; the frame in which it
 * is first in the DOM with a box inside the viewport is the one that paints it, and the time is taken
 * right after that frame (a message posted from its requestAnimationFrame runs once it is painted).
 * Marks live in `window.__benchMarks`: `start` (absent: the navigation's start, 0) and `drawn`.
 * The page tells the figure on its console: waiting for it with `waitForFunction` would load
 * Playwright's own 330 kB script into the page while it loads (about 40 ms of the slowed CPU).
 */
interface Marks {
  start?: number;
  drawn?: number;
}

type MarkedWindow = Window & { __benchMarks?: Marks };

/** What the watcher writes on the page's console before its figure. */
const DRAWN_MESSAGE = '__benchDrawn';

/**
 * The in-page watcher of `selector`, as source text: tsx compiles this file with esbuild's keepNames,
 * whose `__name` helper would be missing from a serialized function. With `afterStart`, only frames
 * after the start mark count.
 */
const watcher = (selector: string, afterStart: boolean) => `(() => {
  if (!location.protocol.startsWith('http')) return;
  const marks = (window.__benchMarks ??= {});
  const selector = ${JSON.stringify(selector)};
  const afterStart = ${afterStart};
  const frame = () => {
    const el = document.querySelector(selector);
    const r = el ? el.getBoundingClientRect() : null;
    const shown = r && r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    if ((afterStart && marks.start === undefined) || !shown) {
      requestAnimationFrame(frame);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      marks.drawn = performance.now();
      console.debug(${JSON.stringify(DRAWN_MESSAGE)} + ' ' + (marks.drawn - (marks.start ?? 0)));
    };
    channel.port2.postMessage(0);
  };
  requestAnimationFrame(frame);
})();`;

/** The next figure the page's watcher tells: ms from its start mark to drawn. */
export async function nextDrawn(page: Page): Promise<number> {
  const told = await page.waitForEvent('console', { predicate: (message) => message.text().startsWith(`${DRAWN_MESSAGE} `), timeout: STEP_TIMEOUT_MS });
  return Number(told.text().split(' ')[1]);
}

/** From now on every document of `context` records when `selector` is first drawn, from its navigation's start. */
export async function watchEveryLoad(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript({ content: watcher(selector, false) });
}

/**
 * Arms the page: the next click (its event time: when the tap happened) starts the clock, and the
 * first frame after it that shows `selector` stops it. `click` performs the tap; answers the ms in between.
 */
export async function clickToDrawn(page: Page, selector: string, click: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as MarkedWindow;
    w.__benchMarks = {};
    const marks = w.__benchMarks;
    document.addEventListener('click', (e) => (marks.start ??= e.timeStamp || performance.now()), { capture: true, once: true });
  });
  await page.evaluate(watcher(selector, true));
  const drawn = nextDrawn(page);
  await click();
  return drawn;
}
