import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { apiSend, befriendInStore as befriend, PASSWORD, registerInUi as register, submitLogin } from './steps.ts';

/**
 * Opening a chat from the chat list (issue 16): the tap fetches the chat screen's code without that of
 * its sheets and viewers (which comes once the chat is idle); while the code is on its way the page
 * shows loading, then the chat with its newest messages.
 */

/** The chat screen's own chunk (apps/web/src/pages/message/chat.tsx). */
const CHAT_CODE = /\/assets\/chat-[\w-]+\.js$/;
/** A sheet the chat screen loads once it is drawn and idle (apps/web/src/pages/message/chat/sheets.ts). */
const SHEET_CODE = /\/assets\/PhotoViewerSheet-[\w-]+\.js$/;
/** What the chat's first draw does without: zod (the call records' check was all it used), react-spring and use-gesture (antd-mobile's popups and image viewer), the rich-text view. */
const SHEETS_CODE = /\/assets\/(schemas|react-spring-web\.esm|use-gesture-react\.esm|RichTextView|PhotoViewerSheet)-[\w-]+\.js$/;

const row = (page: Page, id: number) => page.locator(`button[data-testid="chat-row-${id}"]`);
const bubble = (page: Page, msgId: number) => page.locator(`[data-testid=chat-page] [data-testid="message-${msgId}"]`);

describe('opening a chat from the list: the screen’s code alone, then its sheets’ once idle', () => {
  let app: E2eApp;
  let browser: Browser;
  let alice: Phone;
  let aliceAccount = '';
  let bobId = 0;
  let newest = 0;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    alice = await openPhone(browser, app.url);
    aliceAccount = uniqueAccount('opena');
    const aliceId = await register(alice.page, aliceAccount, 'Alice');
    const answer = await alice.context.request.post(`${app.url}/common/pub/register`, {
      data: { account: uniqueAccount('openb'), nickname: 'Bob', password: PASSWORD, repassword: PASSWORD },
    });
    bobId = ((await answer.json()) as { data: { userInfo: { user_id: number } } }).data.userInfo.user_id;
    await befriend(app, aliceId, bobId);
    for (let i = 1; i <= 30; i++) newest = await apiSend(alice.page, bobId, `line ${i}`);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('draws a chat with its newest message while the code of its sheets is held back, and fetches that code once idle', async () => {
    const phone = await openPhone(browser, app.url);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldBack = 0;
    try {
      // (the login page's form checks need zod: held back only from the chat list on)
      await submitLogin(phone.page, aliceAccount);
      await row(phone.page, bobId).waitFor();
      await phone.context.route(SHEETS_CODE, async (route) => {
        heldBack += 1;
        await held;
        await route.continue().catch(() => undefined);
      });
      await row(phone.page, bobId).click();
      await bubble(phone.page, newest).waitFor();
      expect(await bubble(phone.page, newest).textContent()).toContain('line 30');
      // once the chat is drawn and idle, its sheets' code is asked for (a photo tapped then opens at once)
      await expect.poll(() => heldBack).toBeGreaterThan(0);
      const sheetCame = phone.page.waitForResponse((r) => SHEET_CODE.test(r.url()));
      release();
      await sheetCame;
      expect(phone.errors).toEqual([]);
    } finally {
      release();
      await phone.context.unroute(SHEETS_CODE);
      await phone.context.close();
    }
  });

  it('asks for the chat screen’s code at the tap, with no stylesheet to load first (the app’s one stylesheet came with the page)', async () => {
    const phone = await openPhone(browser, app.url);
    try {
      await submitLogin(phone.page, aliceAccount);
      await row(phone.page, bobId).waitFor();
      const asked: string[] = [];
      phone.page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await row(phone.page, bobId).click();
      await bubble(phone.page, newest).waitFor();
      expect(asked.some((path) => CHAT_CODE.test(path))).toBe(true);
      expect(asked.filter((path) => path.endsWith('.css'))).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('shows a chat tapped before its code came as loading, then with its newest messages; back goes to the list', async () => {
    const phone = await openPhone(browser, app.url);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await phone.context.route(CHAT_CODE, async (route) => {
      await held;
      // (the route is let go by unroute if the test ended first)
      await route.continue().catch(() => undefined);
    });
    try {
      await submitLogin(phone.page, aliceAccount);
      await row(phone.page, bobId).click();
      // the code is held: the page's loading indicator shows meanwhile
      await phone.page.locator('[data-testid=page-loading]').waitFor();
      expect(await phone.page.locator('[data-testid=chat-page]').count()).toBe(0);
      release();
      await bubble(phone.page, newest).waitFor();
      expect(await bubble(phone.page, newest).textContent()).toContain('line 30');
      expect(phone.page.url()).toContain(`toContactId=${bobId}`);
      await phone.page.goBack();
      await row(phone.page, bobId).waitFor();
      // the code is in now: the second open draws at once
      await row(phone.page, bobId).click();
      await bubble(phone.page, newest).waitFor();
      expect(phone.errors).toEqual([]);
    } finally {
      release();
      await phone.context.unroute(CHAT_CODE);
      await phone.context.close();
    }
  });
});
