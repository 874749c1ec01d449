import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, launchBrowser, openPhone, PHONE, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore as befriend, openChat, registerInUi as register, waitBound } from './steps.ts';

/**
 * Issue 16, the app as an installed one: the service worker installs and the page is installable;
 * with the network gone, a reload still shows the chat list and the last messages of a chat with
 * the offline bar; a message typed offline is sent once when the network is back; online, a reload
 * draws the chat list from the device's snapshot before the server answers; logout leaves nothing
 * of the chats in IndexedDB or localStorage.
 */

const CHAT_DB = 'parley-offline';
/** The chat list's first screen (apps/web/src/offline/listSnapshot.ts). */
const SNAPSHOT_KEY = 'chatListSnapshot';

const texts = (page: Page) => page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text] [data-testid=bubble-text]');

async function sendText(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=chat-input]', text);
  await page.click('[data-testid=chat-send]');
}

/** The chat-cache databases the page's origin holds. */
const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

/** Waits until the page runs under an active service worker. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  }
}

describe('offline and installable (issue 16)', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let bobId = 0;
  let aliceId = 0;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    [a, b] = [await openPhone(browser, app.url, PHONE, 'allow'), await openPhone(browser, app.url)];
    aliceId = await register(a.page, uniqueAccount('alice'), 'Alice');
    bobId = await register(b.page, uniqueAccount('bob'), 'Bob');
    await befriend(app, aliceId, bobId);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the service worker installs, and Chromium finds the page installable (manifest, icons, worker)', async () => {
    await controlled(a.page);
    const manifest = await a.page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]');
      return link ? ((await (await fetch(link.href)).json()) as { name: string; icons: { sizes: string }[] }) : null;
    });
    expect(manifest?.name).toBe('Parley');
    expect(manifest?.icons.map((i) => i.sizes)).toContain('512x512');
    const cdp = await a.context.newCDPSession(a.page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // a Playwright context is an incognito profile, where Chromium never offers to install
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  }, 60_000);

  it('offline, a reload shows the chat list and the last messages with the offline bar; a message typed offline goes once', async () => {
    await openChat(a.page, bobId);
    await sendText(a.page, 'kept for later');
    await expect.poll(() => texts(a.page).allTextContents()).toContain('kept for later');
    // the device's copy is written shortly after the change
    await expect
      .poll(
        () =>
          a.page.evaluate(
            (name) =>
              new Promise<number>((resolve) => {
                const open = indexedDB.open(name);
                open.onsuccess = () => {
                  const db = open.result;
                  if (!db.objectStoreNames.contains('threads')) return resolve(0);
                  const count = db.transaction('threads').objectStore('threads').count();
                  count.onsuccess = () => resolve(count.result);
                };
                open.onerror = () => resolve(0);
              }),
            CHAT_DB,
          ),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await a.page.goto('/#/');
    await a.page.waitForSelector(`[data-testid=chat-row-${bobId}]`);
    await a.page.waitForTimeout(600);

    await a.context.setOffline(true);
    await a.page.reload();
    await a.page.waitForSelector(`[data-testid=chat-list][data-restored="1"] [data-testid=chat-row-${bobId}]`, { timeout: 20_000 });
    // "No network" when the browser knows it is offline, else "Connecting…" while the socket cannot reach the server
    const bar = a.page.locator('[data-testid=connection-banner]');
    await bar.waitFor({ timeout: 20_000 });
    expect(['offline', 'connecting', 'error']).toContain(await bar.getAttribute('data-state'));
    const box = await bar.boundingBox();
    expect(box && box.width > 300 && box.y >= 0 && box.y < 844).toBe(true);

    await a.page.click(`[data-testid=chat-row-${bobId}]`);
    await expect.poll(() => texts(a.page).allTextContents(), { timeout: 10_000 }).toContain('kept for later');
    await sendText(a.page, 'typed while offline');
    await expect.poll(() => texts(a.page).allTextContents()).toContain('typed while offline');

    await a.context.setOffline(false);
    await waitBound(a.page, 30_000);
    await openChat(b.page, aliceId);
    await expect.poll(() => texts(b.page).allTextContents(), { timeout: 20_000 }).toContain('typed while offline');
    const stored = await app.built.ctx.db
      .selectFrom('messages')
      .select('msg_id')
      .where('from_user', '=', aliceId)
      .where('content', '=', 'typed while offline')
      .execute();
    expect(stored).toHaveLength(1);
  }, 120_000);

  it('online, a reload draws the chat list from the snapshot of its first screen before the server answers, then the server\'s', async () => {
    await a.page.goto('/#/');
    await a.page.waitForSelector(`[data-testid=chat-list][data-loaded="1"] [data-testid=chat-row-${bobId}]`);
    await expect.poll(() => a.page.evaluate((key) => localStorage.getItem(key) ?? '', SNAPSHOT_KEY), { timeout: 10_000 }).toContain(`"id":${bobId}`);
    // the server's answer is held back until the list has been drawn without it
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const contacts = '**/enterprise/im/getContacts';
    await a.context.route(contacts, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await a.page.reload();
      await a.page.waitForSelector(`[data-testid=chat-list][data-restored="1"][data-loaded="0"] [data-testid=chat-row-${bobId}]`, { timeout: 20_000 });
      release();
      await a.page.waitForSelector(`[data-testid=chat-list][data-restored="0"][data-loaded="1"] [data-testid=chat-row-${bobId}]`, { timeout: 20_000 });
    } finally {
      release();
      await a.context.unroute(contacts);
    }
  }, 60_000);

  it('a signed-in reload paints the chat list as the page was left before the app\'s code has run; a tap on that copy opens the chat once it has', async () => {
    await b.page.goto('/#/');
    await b.page.waitForSelector(`[data-testid=chat-list][data-loaded="1"] [data-testid=chat-row-${aliceId}]`);
    // the app's code (React and the rest, apps/web/src/start.tsx) is held back: what shows meanwhile is the kept copy
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const appCode = /\/assets\/start-[\w-]+\.js$/;
    await b.context.route(appCode, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await b.page.reload();
      const copy = `#root[data-painted] [data-testid=chat-row-${aliceId}]`;
      await b.page.waitForSelector(copy, { timeout: 20_000 });
      expect(await b.page.locator('[data-testid=chat-page]').count()).toBe(0);
      await b.page.click(copy);
      release();
      await b.page.waitForSelector('[data-testid=chat-page]', { timeout: 20_000 });
      expect(await b.page.locator('#root[data-painted]').count()).toBe(0);
    } finally {
      release();
      await b.context.unroute(appCode);
    }
  }, 60_000);

  it('logout deletes the chats kept on the device', async () => {
    expect(await databases(a.page)).toContain(CHAT_DB);
    await a.page.goto('/#/');
    await a.page.click('[data-testid=home-avatar]');
    await a.page.click('[data-testid=mine-logout]');
    await a.page.click('[data-testid=dialog-confirm]');
    await a.page.waitForSelector('[data-testid=login-page]');
    await expect.poll(() => databases(a.page), { timeout: 10_000 }).not.toContain(CHAT_DB);
    expect(await a.page.evaluate((key) => localStorage.getItem(key), SNAPSHOT_KEY)).toBeNull();
    expect(await a.page.evaluate(() => localStorage.getItem('homePaint'))).toBeNull();
    expect([...a.errors, ...b.errors].filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/.test(e))).toEqual([]);
  }, 60_000);
});
