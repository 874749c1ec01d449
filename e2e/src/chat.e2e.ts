import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGroup } from '@parley/server/testing';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore as befriend, longPress, makePng, openChat, PASSWORD, registerInUi as register, socketState, waitBound } from './steps.ts';

/** The rows of the open chat. */
const rows = (page: Page, type?: string) => page.locator(`[data-testid=chat-page] [data-testid^=message-]${type ? `[data-type=${type}]` : ''}`);

async function sendText(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=chat-input]', text);
  await page.click('[data-testid=chat-send]');
}

/** The newest stored (not pending) message of mine with this text: its msg_id. */
async function storedIdOf(page: Page, text: string): Promise<string> {
  const row = rows(page, 'text').filter({ hasText: text }).last();
  await expect.poll(() => row.getAttribute('data-status')).toBe('sent');
  const testId = (await row.getAttribute('data-testid')) ?? '';
  expect(testId).toMatch(/^message-\d+$/);
  return testId.replace('message-', '');
}


describe('chat: two people, every message kind, live, read, recall, forward, reconnect', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let idA = 0;
  let idB = 0;
  let idC = 0;
  let tokenA = '';
  let tokenC = '';
  const dialogs: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    a = await openPhone(browser, app.url);
    b = await openPhone(browser, app.url, { width: 375, height: 667 });
    for (const phone of [a, b]) phone.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    idA = await register(a.page, uniqueAccount('chata'), 'Alice');
    tokenA = await a.page.evaluate(() => localStorage.getItem('authToken') ?? '');
    idB = await register(b.page, uniqueAccount('chatb'), 'Bob');
    const answer = await a.context.request.post(`${app.url}/common/pub/register`, {
      data: { account: uniqueAccount('chatc'), nickname: 'Carol', password: PASSWORD, repassword: PASSWORD },
    });
    const body = (await answer.json()) as { data: { authToken: string; userInfo: { user_id: number } } };
    idC = body.data.userInfo.user_id;
    tokenC = body.data.authToken;
    await befriend(app, idA, idB);
    await befriend(app, idA, idC);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('A sends text (over the bound socket, no HTTP request); B opens the chat and sees it; A then sees "read"', async () => {
    await openChat(a.page, idB);
    await waitBound(a.page);
    const overHttp: string[] = [];
    const watch = (request: { url(): string }) => {
      if (request.url().includes('/enterprise/im/sendMessage')) overHttp.push(request.url());
    };
    a.page.on('request', watch);
    await sendText(a.page, 'Hello Bob');
    const msgId = await storedIdOf(a.page, 'Hello Bob');
    a.page.off('request', watch);
    expect(overHttp).toEqual([]);
    const mark = a.page.locator(`[data-testid=message-read-${msgId}]`);
    await expect.poll(() => mark.getAttribute('data-read')).toBe('0');

    await openChat(b.page, idA);
    await rows(b.page, 'text').filter({ hasText: 'Hello Bob' }).waitFor();
    await expect.poll(() => mark.getAttribute('data-read'), { timeout: 10_000 }).toBe('1');
    expect(await mark.textContent()).toBe('已读');
  });

  it('emoji from the panel arrives live', async () => {
    await a.page.click('[data-testid=chat-emoji-toggle]');
    await a.page.click('[data-testid=chat-emoji-0]');
    await a.page.click('[data-testid=chat-emoji-1]');
    await a.page.click('[data-testid=chat-send]');
    await rows(b.page, 'text').filter({ hasText: '😀😁' }).waitFor();
  });

  it('an image (picked, uploaded, sent) arrives live and opens in the viewer', async () => {
    const png = await makePng(a.page);
    await a.page.click('[data-testid=chat-more-toggle]');
    const [chooser] = await Promise.all([a.page.waitForEvent('filechooser'), a.page.click('[data-testid=chat-more-image]')]);
    await chooser.setFiles({ name: 'green.png', mimeType: 'image/png', buffer: png });
    const image = rows(b.page, 'image').last().locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    await rows(b.page, 'image').last().locator('[data-testid=bubble-image]').click();
    const save = b.page.locator('[data-testid=image-save]');
    await save.waitFor();
    await b.page.click('[data-testid=image-close]');
    await save.waitFor({ state: 'hidden' });
  });

  it('a file card shows its name and size on both sides', async () => {
    await a.page.click('[data-testid=chat-more-toggle]');
    const [chooser] = await Promise.all([a.page.waitForEvent('filechooser'), a.page.click('[data-testid=chat-more-file]')]);
    await chooser.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x'.repeat(2048)) });
    const card = rows(b.page, 'file').last();
    await card.filter({ hasText: 'notes.txt' }).waitFor();
    expect(await card.locator('[data-testid=file-size]').textContent()).toBe('2.00 KB');
  });

  it('hold-to-talk records with the fake microphone and sends a voice message', async () => {
    await a.page.click('[data-testid=chat-voice-toggle]');
    const hold = a.page.locator('[data-testid=chat-voice-hold]');
    await hold.waitFor();
    await longPress(a.page, hold, 1600);
    const voice = rows(b.page, 'voice').last();
    await voice.waitFor({ timeout: 15_000 });
    expect(await voice.textContent()).toMatch(/[12]″/);
    await a.page.click('[data-testid=chat-voice-toggle]');
  });

  it('a location from the (mocked) geolocation arrives live', async () => {
    await a.page.click('[data-testid=chat-more-toggle]');
    await a.page.click('[data-testid=chat-more-location]');
    await a.page.locator('[data-testid=location-picker]').waitFor();
    await a.page.click('[data-testid=location-send-current]');
    const place = rows(b.page, 'location').last();
    await place.waitFor();
    expect(await place.textContent()).toContain('31.23040, 121.47370');
  });

  it('a contact card picked with the user picker arrives live', async () => {
    await a.page.click('[data-testid=chat-more-toggle]');
    await a.page.click('[data-testid=chat-more-card]');
    await a.page.locator(`[data-testid=picker-item-${idC}]`).click();
    await a.page.click('[data-testid=picker-confirm]');
    await a.page.waitForSelector('[data-testid=chat-page]');
    const card = rows(b.page, 'contact').last();
    await card.filter({ hasText: 'Carol' }).waitFor();
  });

  it('HTML is shown as text and runs nothing', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    await sendText(a.page, evil);
    const bubble = rows(b.page, 'text').filter({ hasText: evil }).last();
    await bubble.waitFor();
    expect(await bubble.locator('[data-testid=bubble-text]').textContent()).toBe(evil);
    expect(await b.page.locator('[data-testid=chat-page] img[src="x"]').count()).toBe(0);
    expect(await a.page.locator('[data-testid=chat-page] img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('a recall replaces the bubble with a notice on both sides', async () => {
    await sendText(a.page, 'oops, wrong chat');
    const msgId = await storedIdOf(a.page, 'oops, wrong chat');
    await b.page.locator(`[data-testid=message-${msgId}]`).waitFor();
    await longPress(a.page, a.page.locator(`[data-testid=message-${msgId}] [data-testid=bubble-text]`));
    await a.page.click('[data-testid=message-menu-recall]');
    const mine = a.page.locator(`[data-testid=message-${msgId}][data-status=recalled]`);
    await mine.waitFor();
    expect(await mine.locator('span').first().textContent()).toBe('你撤回了一条消息');
    // my own recalled text may be written again
    expect(await mine.locator(`[data-testid=message-reedit-${msgId}]`).textContent()).toBe('重新编辑');
    const theirs = b.page.locator(`[data-testid=message-${msgId}][data-status=recalled]`);
    await theirs.waitFor();
    expect(await theirs.textContent()).toContain('Alice');
    expect(await b.page.getByText('oops, wrong chat').count()).toBe(0);
  });

  it('a forward to two contacts arrives for both', async () => {
    const msgId = await storedIdOf(a.page, 'Hello Bob');
    const before = await rows(b.page, 'text').filter({ hasText: 'Hello Bob' }).count();
    await longPress(a.page, a.page.locator(`[data-testid=message-${msgId}] [data-testid=bubble-text]`));
    await a.page.click('[data-testid=message-menu-forward]');
    await a.page.locator(`[data-testid=picker-item-${idB}]`).click();
    await a.page.locator(`[data-testid=picker-item-${idC}]`).click();
    await a.page.click('[data-testid=picker-confirm]');
    // "Send to Bob and Carol?" with an optional message: none here
    await a.page.click('[data-testid=dialog-confirm]');
    await a.page.waitForSelector('[data-testid=chat-page]');
    await expect.poll(() => rows(b.page, 'text').filter({ hasText: 'Hello Bob' }).count()).toBe(before + 1);
    const answer = await a.context.request.post(`${app.url}/enterprise/im/getMessageList`, {
      headers: { Authorization: tokenC },
      data: { toContactId: idA, is_group: 0 },
    });
    const list = (await answer.json()) as { data: { content: string }[] };
    expect(list.data.map((m) => m.content)).toContain('Hello Bob');
  });

  it("B's socket is cut: what A sends meanwhile shows up without a reload, once and in order", async () => {
    await b.context.setOffline(true);
    const hub = app.built.ctx.hub as unknown as { byUser: Map<number, Set<{ ws: { terminate(): void } }>> };
    for (const conn of hub.byUser.get(idB) ?? []) conn.ws.terminate();
    await expect.poll(() => socketState(b.page)).not.toBe('bound');

    for (const n of [1, 2, 3]) await sendText(a.page, `missed ${n}`);
    await storedIdOf(a.page, 'missed 3');
    // B, offline, writes too: kept as failed, sent by itself once the socket is back.
    await sendText(b.page, 'sent while offline');
    await expect.poll(() => rows(b.page, 'text').filter({ hasText: 'sent while offline' }).getAttribute('data-status')).toBe('failed');
    expect(await rows(b.page, 'text').filter({ hasText: 'missed' }).count()).toBe(0);

    await b.context.setOffline(false);
    await waitBound(b.page, 30_000);
    const missed = rows(b.page, 'text').filter({ hasText: /missed \d/ });
    await expect.poll(() => missed.count(), { timeout: 15_000 }).toBe(3);
    expect(await missed.locator('[data-testid=bubble-text]').allTextContents()).toEqual(['missed 1', 'missed 2', 'missed 3']);
    await rows(a.page, 'text').filter({ hasText: 'sent while offline' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => rows(b.page, 'text').filter({ hasText: 'sent while offline' }).getAttribute('data-status')).toBe('sent');
    expect(await rows(a.page, 'text').filter({ hasText: 'sent while offline' }).count()).toBe(1);
  });

  it('a long history is virtualized and scrolling up loads older pages in place', async () => {
    for (let i = 1; i <= 60; i++) {
      await a.context.request.post(`${app.url}/enterprise/im/sendMessage`, {
        headers: { Authorization: tokenC },
        data: { id: randomUUID(), toContactId: idA, type: 'text', content: `old ${i}`, is_group: 0 },
      });
    }
    // A fresh start (the pushes above already filled the cache): the chat loads page by page.
    await openChat(a.page, idC);
    await a.page.reload();
    await waitBound(a.page);
    const bubble = (n: number) => a.page.locator('[data-testid=bubble-text]').filter({ hasText: new RegExp(`^old ${n}$`) });
    await bubble(60).waitFor();
    const scroller = a.page.locator('[data-testid=chat-page] [data-testid=chat-scroller]');
    // Up to the top of the first page: the next page comes in above and the view stays put. (A
    // reloaded chat may still settle at the bottom as its newest page lands, later on a busy
    // machine: a scroll it undid is made again, as a person would.)
    let before: number | null = null;
    for (let attempt = 1; attempt <= 6; attempt++) {
      before = await scroller.evaluate((el) => {
        el.scrollTop = 0;
        const rows = [...el.querySelectorAll('[data-testid=bubble-text]')];
        const first = rows.find((r) => r.textContent === 'old 41');
        return first ? first.getBoundingClientRect().top : null;
      });
      expect(before).not.toBeNull();
      const loaded = await bubble(40)
        .waitFor({ state: 'attached', timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (loaded) break;
    }
    await bubble(40).waitFor({ state: 'attached' });
    await expect.poll(async () => Math.abs(((await bubble(41).boundingBox())?.y ?? 0) - (before ?? 0))).toBeLessThan(40);
    for (let i = 0; i < 6 && (await bubble(1).count()) === 0; i++) {
      await scroller.evaluate((el) => {
        el.scrollTop = 0;
      });
      await a.page.waitForTimeout(300);
    }
    await bubble(1).waitFor();
    expect(await a.page.locator('[data-testid=chat-page] [data-type=text]').count()).toBeLessThan(60);
  });

  it('groups: @mention picks a member; mute-all replaces the input with the reason', async () => {
    const gid = await seedGroup(app.built.ctx.db, idA, [idB, idC], {}, 'Team');
    const chatPath = `/#/pages/message/chat?toContactId=group-${gid}&is_group=1`;
    await a.page.goto(chatPath);
    await b.page.goto(chatPath);
    await expect.poll(() => a.page.locator('[data-testid=topbar-title]').textContent()).toBe('Team(3)');
    await a.page.click('[data-testid=chat-input]');
    await a.page.keyboard.type('hi @');
    await a.page.click(`[data-testid=mention-${idB}]`);
    await a.page.keyboard.type('see this');
    await a.page.click('[data-testid=chat-send]');
    await rows(b.page, 'text').filter({ hasText: 'hi @Bob see this' }).waitFor();

    const answer = await a.context.request.post(`${app.url}/enterprise/group/groupSetting`, {
      headers: { Authorization: tokenA },
      data: { id: gid, setting: { nospeak: 1 } },
    });
    expect(((await answer.json()) as { code: number }).code).toBe(0);
    const bar = b.page.locator('[data-testid=chat-muted-bar]');
    await bar.waitFor();
    expect(await bar.textContent()).toBe('群主已开启禁言：仅群主和管理员可以发言');
    expect(await b.page.locator('[data-testid=chat-input]').count()).toBe(0);
    expect(await a.page.locator('[data-testid=chat-input]').count()).toBe(1);
  });

  it('a message B wrote but the server never got survives a reload and arrives exactly once', async () => {
    await openChat(a.page, idB);
    // B's network: the send goes out on the bound socket, which dies before the server gets it; then
    // no socket connects and HTTP fails too, until the network is back
    let network: 'up' | 'dropsSends' | 'down' = 'dropsSends';
    await b.page.routeWebSocket('**/wss', (ws) => {
      if (network === 'down') return ws.close();
      const server = ws.connectToServer();
      if (network === 'up') return;
      ws.onMessage((frame) => {
        if (!String(frame).includes('"type":"call"')) return server.send(frame);
        network = 'down';
        ws.close();
        server.close();
      });
    });
    await b.page.route('**/enterprise/im/sendMessage', (route) => (network === 'up' ? route.continue() : route.abort()));
    await b.page.reload();
    await openChat(b.page, idA);
    await waitBound(b.page);
    const text = 'kept across a reload';
    const outbox = () => b.page.evaluate((id) => localStorage.getItem(`outbox:${id}`), idB);
    await sendText(b.page, text);
    const mine = rows(b.page, 'text').filter({ hasText: text });
    await expect.poll(() => mine.getAttribute('data-status')).toBe('failed');
    expect(network).toBe('down');
    expect(await outbox()).toContain(text);

    network = 'up';
    await b.page.reload();
    await waitBound(b.page);
    await rows(a.page, 'text').filter({ hasText: text }).waitFor({ timeout: 15_000 });
    await expect.poll(() => mine.getAttribute('data-status'), { timeout: 15_000 }).toBe('sent');
    await expect.poll(() => outbox()).toBeNull();
    await a.page.waitForTimeout(500);
    expect(await rows(a.page, 'text').filter({ hasText: text }).count()).toBe(1);
    expect(await mine.count()).toBe(1);
    const answer = await a.context.request.post(`${app.url}/enterprise/im/getMessageList`, {
      headers: { Authorization: tokenA },
      data: { toContactId: idB, is_group: 0 },
    });
    const list = (await answer.json()) as { data: { content: string }[] };
    expect(list.data.filter((m) => m.content === text)).toHaveLength(1);
  });

  it('no page errors', () => {
    expect(a.errors.filter((e) => !/WebSocket|net::ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    expect(b.errors.filter((e) => !/WebSocket|net::ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });
});
