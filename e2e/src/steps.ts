import type { CDPSession, Page } from 'playwright-core';
import { privateConvKey } from '@parley/protocol';
import { befriend, ensureConversation } from '@parley/server/testing';
import { expect } from 'vitest';
import type { E2eApp } from './harness.ts';

/** Steps the browser suites share: signing up and in through the UI, waiting for the live socket. */

export const PASSWORD = 'secret12';

type ParleyWindow = Window & { __parley?: { socketState: string } };

export const socketState = (page: Page) => page.evaluate(() => (window as ParleyWindow).__parley?.socketState);

export const waitBound = (page: Page, timeout = 15_000) =>
  page.waitForFunction(() => (window as ParleyWindow).__parley?.socketState === 'bound', null, { timeout });

/** Registers through the register page; answers the new user's id once the socket is bound. */
export async function registerInUi(page: Page, account: string, nickname: string): Promise<number> {
  await page.goto('/#/pages/login/register');
  await page.fill('input[name=account]', account);
  await page.fill('input[name=nickname]', nickname);
  await page.fill('input[name=password]', PASSWORD);
  await page.fill('input[name=repassword]', PASSWORD);
  await page.click('[data-testid=register-submit]');
  await page.waitForSelector('[data-testid=home-page]');
  await waitBound(page);
  return page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').user_id as number);
}

/** Fills and submits the login page (the caller waits for what should follow). */
export async function submitLogin(page: Page, account: string, password = PASSWORD): Promise<void> {
  await page.goto('/#/pages/login/index');
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
}

/** A friendship with its chat-list rows, made in the store (for suites whose subject is not friending). */
export async function befriendInStore(app: E2eApp, a: number, b: number): Promise<void> {
  const db = app.built.ctx.db;
  await befriend(db, a, b);
  await ensureConversation(db, a, String(b), privateConvKey(a, b));
  await ensureConversation(db, b, String(a), privateConvKey(a, b));
}

/** A small PNG drawn by the browser. */
export async function makePng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext('2d');
    if (g) {
      g.fillStyle = '#07c160';
      g.fillRect(0, 0, 64, 48);
      g.fillStyle = '#fff';
      g.fillRect(16, 12, 32, 24);
    }
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

/** A finger on the screen through CDP (the touch pipeline, not the mouse). */
export class Finger {
  constructor(private readonly cdp: CDPSession) {}
  down(x: number, y: number) {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  }
  move(x: number, y: number) {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  up() {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
}

/** Press and hold for a long press (350 ms) with the mouse (a pointer of type mouse). */
export async function longPress(page: Page, selector: ReturnType<Page['locator']>, ms = 600): Promise<void> {
  const box = await selector.boundingBox();
  if (!box) throw new Error('nothing to press');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

/** Opens the private chat with `contactId` and waits for its message list. */
export async function openChat(page: Page, contactId: number): Promise<void> {
  await page.goto(`/#/pages/message/chat?toContactId=${contactId}&is_group=0`);
  await page.waitForSelector('[data-testid=chat-page] [data-testid=chat-scroller]');
}

/** A text message sent by the page's signed-in user over HTTP (no chat screen needed); answers its msg_id. */
export async function apiSend(page: Page, toContactId: number, content: string): Promise<number> {
  const answer = await page.evaluate(
    async ({ to, text }) => {
      const response = await fetch('/enterprise/im/sendMessage', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: localStorage.getItem('authToken') ?? '' },
        body: JSON.stringify({ id: crypto.randomUUID(), toContactId: to, type: 'text', content: text }),
      });
      return (await response.json()) as { code: number; data: { msg_id: number } };
    },
    { to: toContactId, text: content },
  );
  expect(answer.code).toBe(0);
  return answer.data.msg_id;
}
