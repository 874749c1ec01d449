import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { apiSend, befriendInStore as befriend, Finger, PASSWORD, registerInUi as register, socketState, waitBound } from './steps.ts';

/**
 * The conversation side of issue 3: the chat list live (unread on the row and the tab), read
 * receipts, catching up after the socket was cut (list and open chat, in order, once, without a
 * reload), global search in Chinese, pin and do-not-disturb from the chat-info page.
 */

type Win = Window & { __parley?: { socketState: string }; __sockets?: WebSocket[] };

/** Keeps every WebSocket the page opens, so the test can cut the live one. */
const RECORD_SOCKETS = () => {
  const Native = window.WebSocket;
  const sockets: WebSocket[] = [];
  (window as Win).__sockets = sockets;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  };
};

/** Same-document navigation: the page (and its stores) stays loaded. */
const go = (page: Page, hash: string) => page.evaluate((h) => {
  window.location.hash = h;
}, hash);

const goHome = async (page: Page) => {
  await go(page, '#/');
  await page.waitForSelector('[data-testid=home-page] [data-testid=chat-list][data-loaded="1"]');
};

const row = (page: Page, id: number | string) => page.locator(`[data-testid=chat-row-${id}]`);
const unread = (page: Page, id: number | string) => page.locator(`[data-testid=chat-row-unread-${id}]`);
/** The chats tab badge text; '' when there is none (the badge element only exists with content). */
const tabBadge = async (page: Page): Promise<string> => {
  const badge = page.locator('[data-testid=tab-badge-chats]');
  return (await badge.count()) > 0 ? ((await badge.textContent()) ?? '').trim() : '';
};
/** The text bubbles of the open chat. */
const chatTexts = (page: Page) => page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text] [data-testid=bubble-text]');
const rowIds = (page: Page) =>
  page.locator('[data-testid=chat-list] [data-testid^=chat-row-]:not([data-testid*=unread]):not([data-testid*=action]):not([data-testid*=-at-])').evaluateAll((nodes) =>
    nodes.map((n) => n.getAttribute('data-testid')?.replace('chat-row-', '')),
  );

/** Cuts the live socket while the browser is offline; the client keeps trying to reconnect. */
async function cutSocket(page: Page, phone: Phone): Promise<void> {
  await phone.context.setOffline(true);
  await page.evaluate(() => {
    for (const s of (window as Win).__sockets ?? []) s.close();
  });
  await expect.poll(() => socketState(page)).not.toBe('bound');
}

async function restoreSocket(page: Page, phone: Phone): Promise<void> {
  await phone.context.setOffline(false);
  await waitBound(page, 30_000);
}

describe('chats: the list live, read receipts, catching up after a cut, search, pin and do-not-disturb', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let idA = 0;
  let idB = 0;
  let idC = 0;
  let tokenC = '';
  let loads = 0;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    a = await openPhone(browser, app.url);
    b = await openPhone(browser, app.url, { width: 375, height: 667 });
    await b.context.addInitScript(RECORD_SOCKETS);
    idA = await register(a.page, uniqueAccount('lista'), 'Alice');
    idB = await register(b.page, uniqueAccount('listb'), 'Bob');
    const answer = await a.context.request.post(`${app.url}/common/pub/register`, {
      data: { account: uniqueAccount('listc'), nickname: 'Carol', password: PASSWORD, repassword: PASSWORD },
    });
    const body = (await answer.json()) as { data: { authToken: string; userInfo: { user_id: number } } };
    idC = body.data.userInfo.user_id;
    tokenC = body.data.authToken;
    await befriend(app, idA, idB);
    await befriend(app, idB, idC);
    // B's page loads count: catching up must never reload it.
    b.page.on('load', () => {
      loads += 1;
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows a new message live on B’s list with the unread badge on the row, the tab and the title', async () => {
    await goHome(b.page);
    expect(await b.page.locator('[data-testid=chat-list]').textContent()).not.toContain('Alice');

    await go(a.page, `#/pages/message/chat?toContactId=${idB}&is_group=0&name=Bob`);
    await a.page.waitForSelector('[data-testid=chat-page] [data-testid=chat-scroller]');
    await a.page.fill('[data-testid=chat-input]', 'Hello Bob');
    await a.page.click('[data-testid=chat-send]');

    await row(b.page, idA).filter({ hasText: 'Hello Bob' }).waitFor();
    expect(await row(b.page, idA).textContent()).toContain('Alice');
    await expect.poll(() => unread(b.page, idA).textContent()).toBe('1');
    await expect.poll(() => tabBadge(b.page)).toBe('1');
    await expect.poll(() => b.page.title()).toMatch(/^\(1\) /);

    // A's own list has the sent message as the last one, without unread.
    await goHome(a.page);
    await row(a.page, idB).filter({ hasText: 'Hello Bob' }).waitFor();
    expect(await unread(a.page, idB).count()).toBe(0);
  });

  it('B opens the chat from the list; A then sees the message read; B’s badges clear', async () => {
    await go(a.page, `#/pages/message/chat?toContactId=${idB}&is_group=0&name=Bob`);
    const aRow = a.page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text]').filter({ hasText: 'Hello Bob' }).last();
    await aRow.waitFor();
    await expect.poll(() => aRow.getAttribute('data-status')).toBe('sent');
    const msgId = ((await aRow.getAttribute('data-testid')) ?? '').replace('message-', '');
    const mark = a.page.locator(`[data-testid=message-read-${msgId}]`);
    await expect.poll(() => mark.getAttribute('data-read')).toBe('0');

    await row(b.page, idA).click();
    await b.page.waitForSelector('[data-testid=chat-page] [data-testid=chat-scroller]');
    expect(b.page.url()).toContain(`toContactId=${idA}`);
    await chatTexts(b.page).filter({ hasText: 'Hello Bob' }).waitFor();
    await expect.poll(() => mark.getAttribute('data-read'), { timeout: 10_000 }).toBe('1');

    // the back arrow (the app's own navigation, which fires no hashchange)
    await b.page.click('[data-testid=chat-page] [data-testid=topbar-back]');
    await b.page.waitForSelector('[data-testid=chat-list]');
    expect(await unread(b.page, idA).count()).toBe(0);
    await expect.poll(() => tabBadge(b.page)).toBe('');
    expect(await b.page.title()).not.toMatch(/^\(\d+\)/);
    // the chat is closed now: a new message is unread again (it counted as read while the app thought the chat open)
    await apiSend(a.page, idB, 'after the back arrow');
    await row(b.page, idA).filter({ hasText: 'after the back arrow' }).waitFor();
    await expect.poll(() => unread(b.page, idA).textContent(), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => tabBadge(b.page), { timeout: 10_000 }).toBe('1');
  });

  it('after B’s socket is cut, the open chat catches up with what A sent meanwhile: once, in order, no reload', async () => {
    await go(b.page, `#/pages/message/chat?toContactId=${idA}&is_group=0&name=Alice`);
    await chatTexts(b.page).filter({ hasText: 'Hello Bob' }).waitFor();
    await cutSocket(b.page, b);

    const sent: string[] = [];
    for (let i = 1; i <= 5; i++) {
      sent.push(`catch-up ${i}`);
      await apiSend(a.page, idB, `catch-up ${i}`);
    }
    expect(await socketState(b.page)).not.toBe('bound');
    expect(await chatTexts(b.page).filter({ hasText: 'catch-up' }).count()).toBe(0);

    await restoreSocket(b.page, b);
    await expect.poll(async () => (await chatTexts(b.page).allTextContents()).filter((t) => t.includes('catch-up')), { timeout: 15_000 }).toEqual(sent);

    // A live message after the catch-up still arrives once.
    await apiSend(a.page, idB, 'catch-up live');
    await chatTexts(b.page).filter({ hasText: 'catch-up live' }).waitFor();
    const texts = (await chatTexts(b.page).allTextContents()).filter((t) => t.includes('catch-up'));
    expect(texts).toEqual([...sent, 'catch-up live']);
    expect(loads).toBe(0);
  });

  it('after a cut on the list, B’s row and badge catch up, and the cached chat holds each message once', async () => {
    await goHome(b.page);
    await row(b.page, idA).filter({ hasText: 'catch-up live' }).waitFor();
    expect(await unread(b.page, idA).count()).toBe(0);
    await cutSocket(b.page, b);
    for (let i = 1; i <= 3; i++) await apiSend(a.page, idB, `offline ${i}`);
    await restoreSocket(b.page, b);

    await row(b.page, idA).filter({ hasText: 'offline 3' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => unread(b.page, idA).textContent()).toBe('3');
    await expect.poll(() => tabBadge(b.page)).toBe('3');

    await row(b.page, idA).click();
    await chatTexts(b.page).filter({ hasText: 'offline 3' }).waitFor();
    const texts = (await chatTexts(b.page).allTextContents()).filter((t) => /catch-up|offline/.test(t));
    expect(texts).toEqual(['catch-up 1', 'catch-up 2', 'catch-up 3', 'catch-up 4', 'catch-up 5', 'catch-up live', 'offline 1', 'offline 2', 'offline 3']);
    expect(loads).toBe(0);
  });

  it('global search finds a Chinese text message and a contact, and opens the chat', async () => {
    const msgId = await apiSend(a.page, idB, '周末一起去爬山吧，带上相机');
    await goHome(b.page);
    await row(b.page, idA).filter({ hasText: '爬山' }).waitFor();
    await b.page.click('[data-testid=home-search]');
    const input = b.page.locator('[data-testid=global-search-input]');
    await input.waitFor();
    await input.fill('爬山');
    const hit = b.page.locator(`[data-testid=search-result-message-${msgId}]`);
    await hit.waitFor();
    expect(await hit.textContent()).toContain('周末一起去爬山吧');
    expect(await hit.locator('mark').first().textContent()).toBe('爬山');

    await input.fill('alic');
    await b.page.locator(`[data-testid=search-result-contact-${idA}]`).waitFor();
    await input.fill('没有这个词');
    await b.page.locator('[data-testid=search-no-result]').waitFor();
    // offline: not "no results", but that the search could not be made
    await b.context.setOffline(true);
    await input.fill('相机');
    await b.page.locator('[data-testid=search-failed]').waitFor();
    expect(await b.page.locator('[data-testid=search-no-result]').count()).toBe(0);
    await b.context.setOffline(false);

    await input.fill('爬山');
    await hit.click();
    await b.page.waitForSelector('[data-testid=chat-page] [data-testid=chat-scroller]');
    expect(b.page.url()).toContain(`toContactId=${idA}`);
  });

  it('pin and do-not-disturb from the chat-info page reorder and quiet the list', async () => {
    // Carol writes after Alice: her chat is on top.
    const carol = await a.context.request.post(`${app.url}/enterprise/im/sendMessage`, {
      headers: { Authorization: tokenC },
      data: { id: `carol-${Date.now()}`, toContactId: idB, type: 'text', content: 'Hi from Carol' },
    });
    expect(((await carol.json()) as { code: number }).code).toBe(0);
    await goHome(b.page);
    await row(b.page, idC).filter({ hasText: 'Hi from Carol' }).waitFor();
    const ids = await rowIds(b.page);
    expect(ids.indexOf(String(idC))).toBeLessThan(ids.indexOf(String(idA)));

    await go(b.page, `#/pages/message/detail?toContactId=${idA}&is_group=0&name=Alice`);
    const top = b.page.locator('[data-testid=detail-top]');
    await top.waitFor();
    expect(await top.getAttribute('aria-checked')).toBe('false');
    await top.click();
    await expect.poll(() => top.getAttribute('aria-checked')).toBe('true');
    const notice = b.page.locator('[data-testid=detail-notice]');
    await notice.click();
    await expect.poll(() => notice.getAttribute('aria-checked')).toBe('true');

    await goHome(b.page);
    const pinned = await rowIds(b.page);
    expect(pinned.indexOf(String(idA))).toBeLessThan(pinned.indexOf(String(idC)));
    expect(await row(b.page, idA).getAttribute('data-pinned')).toBe('1');

    // Do-not-disturb: Alice's new messages show a grey dot, not a number, and stay out of the tab total.
    const carolUnread = Number((await unread(b.page, idC).textContent()) ?? 0);
    await apiSend(a.page, idB, 'quiet please');
    await row(b.page, idA).filter({ hasText: 'quiet please' }).waitFor();
    await expect.poll(() => unread(b.page, idA).getAttribute('data-count')).toBe('1');
    expect(await unread(b.page, idA).textContent()).toBe('');
    await expect.poll(() => tabBadge(b.page)).toBe(String(carolUnread));

    // The settings are the server's: a reload keeps them.
    await b.page.reload();
    await b.page.waitForSelector('[data-testid=chat-list][data-loaded="1"]');
    expect(await row(b.page, idA).getAttribute('data-pinned')).toBe('1');
    expect(await row(b.page, idA).getAttribute('data-notice')).toBe('0');
  });

  it('the history page finds by keyword and filters by kind', async () => {
    await go(b.page, `#/pages/message/record?toContactId=${idA}&is_group=0&name=Alice`);
    await b.page.locator('[data-testid=record-list]').waitFor();
    await b.page.locator('[data-testid=record-search] input').fill('offline');
    await expect.poll(() => b.page.locator('[data-testid=record-list] [data-testid^=record-item-]').count()).toBe(3);
    const first = await b.page.locator('[data-testid=record-list] [data-testid^=record-item-]').first().textContent();
    expect(first).toContain('offline 3');
    await b.page.click('[data-testid=record-filter-file]');
    await b.page.locator('[data-testid=record-page] [data-testid=empty-state]').waitFor();
    await b.page.locator('[data-testid=record-search] input').fill('');
    await b.page.click('[data-testid=record-filter-all]');
    await expect.poll(() => b.page.locator('[data-testid=record-list] [data-testid^=record-item-]').count()).toBeGreaterThan(10);
  });

  it('the row menu marks read and deletes (after confirming); clear history empties a chat', async () => {
    await goHome(b.page);
    await unread(b.page, idC).waitFor();
    // a finger held on the row opens its menu, and lifting it does not open the chat
    const box = await row(b.page, idC).boundingBox();
    if (!box) throw new Error('the row is not on screen');
    const finger = new Finger(await b.context.newCDPSession(b.page));
    await finger.down(box.x + box.width / 2, box.y + box.height / 2);
    await b.page.waitForTimeout(600);
    await finger.up();
    await b.page.waitForSelector('[data-testid=chat-row-menu-read]');
    expect(await b.page.locator('[data-testid=home-page]').count()).toBe(1);
    await b.page.click('[data-testid=chat-row-menu-read]');
    await expect.poll(() => unread(b.page, idC).count()).toBe(0);

    await row(b.page, idC).click({ button: 'right' });
    await b.page.click('[data-testid=chat-row-menu-delete]');
    await b.page.click('[data-testid=dialog-confirm]');
    await expect.poll(() => row(b.page, idC).count()).toBe(0);
    await b.page.reload();
    await b.page.waitForSelector('[data-testid=chat-list][data-loaded="1"]');
    expect(await row(b.page, idC).count()).toBe(0);

    await go(b.page, `#/pages/message/detail?toContactId=${idA}&is_group=0&name=Alice`);
    await b.page.click('[data-testid=detail-clear]');
    await b.page.click('[data-testid=dialog-confirm]');
    await go(b.page, `#/pages/message/chat?toContactId=${idA}&is_group=0&name=Alice`);
    await b.page.waitForSelector('[data-testid=chat-page] [data-testid=chat-scroller]');
    await expect.poll(() => chatTexts(b.page).count(), { timeout: 15_000 }).toBe(0);
  });

  it('left no page errors', () => {
    const real = (errors: string[]) => errors.filter((e) => !/WebSocket|ERR_INTERNET_DISCONNECTED|net::/.test(e));
    expect(real(a.errors)).toEqual([]);
    expect(real(b.errors)).toEqual([]);
  });
  it('messages B writes during a cut go after it one at a time, in the order written, each once', async () => {
    await go(b.page, `#/pages/message/chat?toContactId=${idA}&is_group=0&name=Alice`);
    await b.page.waitForSelector('[data-testid=chat-page] [data-testid=chat-input]');
    await cutSocket(b.page, b);
    const written = Array.from({ length: 12 }, (_, i) => `in order ${i + 1}`);
    for (const text of written) {
      await b.page.fill('[data-testid=chat-input]', text);
      await b.page.click('[data-testid=chat-send]');
    }
    // they wait for the network, marked as waiting (grey clock), not as an alarm: they go by themselves
    const waiting = b.page.locator('[data-testid=chat-page] [data-testid^=message-resend-][data-failure=network]');
    await expect.poll(() => waiting.count(), { timeout: 10_000 }).toBe(12);
    expect(await waiting.first().getAttribute('aria-label')).toBe('等待网络');
    // sends on their way at once after the cut (socket calls and HTTP posts): all at once, the server
    // stored them in the order their answers raced in
    let inFlight = 0;
    let most = 0;
    const began = () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
    };
    const calls = new Set<number>();
    const frame = (payload: string | Buffer) => {
      try {
        return JSON.parse(String(payload)) as { type?: string; name?: string; seq?: number; data?: { seq?: number } };
      } catch {
        return null;
      }
    };
    b.page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => {
        const f = frame(payload);
        if (f?.type === 'call' && f.name === 'sendMessage' && typeof f.seq === 'number') {
          calls.add(f.seq);
          began();
        }
      });
      ws.on('framereceived', ({ payload }) => {
        const f = frame(payload);
        if (f?.type === 'answer' && calls.delete(f.data?.seq ?? -1)) inFlight -= 1;
      });
    });
    const isSend = (r: { url(): string }) => r.url().endsWith('/enterprise/im/sendMessage');
    b.page.on('request', (r) => {
      if (isSend(r)) began();
    });
    const answered = (r: { url(): string }) => {
      if (isSend(r)) inFlight -= 1;
    };
    b.page.on('requestfinished', answered);
    b.page.on('requestfailed', answered);
    await restoreSocket(b.page, b);
    const mine = b.page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text]').filter({ hasText: 'in order' });
    await expect
      .poll(async () => (await mine.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))).join(), { timeout: 30_000 })
      .toBe(Array(12).fill('sent').join());
    expect(most).toBe(1);
    // as the server stored them (A's copy, by msg_id)
    const stored = await a.page.evaluate(async (peer) => {
      const response = await fetch('/enterprise/im/getMessageList', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: localStorage.getItem('authToken') ?? '' },
        body: JSON.stringify({ toContactId: peer, is_group: 0, page: 1, limit: 20 }),
      });
      return ((await response.json()) as { data: { content: string }[] }).data.map((m) => m.content);
    }, idB);
    expect(stored.filter((t) => t.startsWith('in order'))).toEqual(written);
  });
  it('a message refused for good (no longer friends) stays failed on screen but leaves the outbox: no retry at every start', async () => {
    await go(b.page, `#/pages/message/chat?toContactId=${idC}&is_group=0&name=Carol`);
    await b.page.waitForSelector('[data-testid=chat-page] [data-testid=chat-input]');
    const ended = await a.context.request.post(`${app.url}/enterprise/friend/del`, { headers: { Authorization: tokenC }, data: { id: idB } });
    expect(((await ended.json()) as { code: number }).code).toBe(0);
    await b.page.fill('[data-testid=chat-input]', 'after the friendship');
    await b.page.click('[data-testid=chat-send]');
    const bubble = b.page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text]').filter({ hasText: 'after the friendship' });
    await expect.poll(() => bubble.getAttribute('data-status'), { timeout: 10_000 }).toBe('failed');
    const kept = await b.page.evaluate((me) => localStorage.getItem(`outbox:${me}`) ?? '', idB);
    expect(kept).not.toContain('after the friendship');
  });
});
