import type { Browser } from 'playwright-core';
import { navigate, networkQuiet, phoneContext, throttledPage, type WebSession } from './browser.ts';
import { nextDrawn, watchEveryLoad } from './drawn.ts';

/** A row of the chat list (apps/web/src/pages/index/chatList/ChatRow.tsx: `chat-row-<contact id>`). */
export const CHAT_ROW = 'button[data-testid^="chat-row-"]';

export interface HomeLoads {
  /** ms from opening the address to the first chat-list row drawn, one per fresh context */
  cold: number[];
  /** the same in the same context right after (a second full navigation, HTTP cache warm) */
  warm: number[];
}

/**
 * `runs` times: a fresh signed-in context (empty cache, CPU ×4) opens the home page, then, once the
 * network is quiet, opens it again; each load is timed from its navigation's start. `home`: where the
 * app is opened (another build beside this one).
 */
export async function homeLoads(browser: Browser, url: string, session: WebSession, runs: number, home = '/'): Promise<HomeLoads> {
  const out: HomeLoads = { cold: [], warm: [] };
  for (let i = 0; i < runs; i++) {
    const context = await phoneContext(browser, url, session);
    try {
      await watchEveryLoad(context, CHAT_ROW);
      const page = await throttledPage(context);
      const cold = nextDrawn(page);
      await navigate(page, home);
      out.cold.push(await cold);
      await networkQuiet(page);
      const warm = nextDrawn(page);
      await navigate(page, home);
      out.warm.push(await warm);
    } finally {
      await context.close();
    }
  }
  return out;
}
