import type { Browser } from 'playwright-core';
import { navigate, networkQuiet, phoneContext, throttledPage, type WebSession } from './browser.ts';
import { clickToDrawn } from './drawn.ts';

/** What DevTools' performance panel records, without screenshots. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'v8.execute', 'blink.user_timing', 'loading', 'latencyInfo', 'disabled-by-default-v8.cpu_profiler'];

export interface ChatOpens {
  /** the first open in a fresh session: the chat page's code and the messages come over the network */
  first: number;
  /** opened again after going back to the chat list */
  again: number[];
}

/**
 * Opening the chat with `contactId` from the chat list (CPU ×4): from the tap on its row to the
 * bubble of message `lastMsgId` (the newest) drawn, first in a fresh context, then `repeats` times
 * more after going back. With `tracePath`, the first open is recorded there as a Chromium trace
 * (DevTools' performance panel opens it). `home`: where the app is opened (another build beside this one).
 */
export async function chatOpens(browser: Browser, url: string, session: WebSession, contactId: number, lastMsgId: number, repeats: number, tracePath?: string, home = '/'): Promise<ChatOpens> {
  const context = await phoneContext(browser, url, session);
  try {
    const page = await throttledPage(context);
    const row = page.locator(`button[data-testid="chat-row-${contactId}"]`);
    const bubble = `[data-testid="chat-page"] [data-testid="message-${lastMsgId}"]`;
    const open = async () => {
      await row.waitFor({ state: 'visible' });
      return clickToDrawn(page, bubble, () => row.click());
    };
    await navigate(page, home);
    await networkQuiet(page);
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    const first = await open();
    if (tracePath) await browser.stopTracing();
    const again: number[] = [];
    for (let i = 0; i < repeats; i++) {
      await networkQuiet(page, 500);
      await page.goBack();
      again.push(await open());
    }
    return { first, again };
  } finally {
    await context.close();
  }
}
