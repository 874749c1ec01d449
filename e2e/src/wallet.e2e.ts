import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGroup, walletAdmin } from '@parley/server/testing';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { Finger, PASSWORD, submitLogin, waitBound } from './steps.ts';

const sel = (id: string) => `[data-testid="${id}"]`;

interface Account {
  account: string;
  token: string;
  userId: number;
}

async function registerAccount(app: E2eApp, prefix: string, nickname: string): Promise<Account> {
  const account = uniqueAccount(prefix);
  const response = await fetch(`${app.url}/common/pub/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account, nickname, password: PASSWORD, repassword: PASSWORD }),
  });
  const body = (await response.json()) as { code: number; data: { authToken: string; userInfo: { user_id: number } } };
  expect(body.code).toBe(0);
  return { account, token: body.data.authToken, userId: body.data.userInfo.user_id };
}

async function login(page: Page, account: string): Promise<void> {
  await submitLogin(page, account);
  await page.waitForSelector(sel('home-page'));
  await waitBound(page);
}

/** Moves within the app without reloading it (the socket and the stores stay). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${path}`);
}

/** Types the 6 digits into the open payment-password sheet. */
async function typePasscode(page: Page, digits: string): Promise<void> {
  await page.locator(`${sel('pay-passcode')} .adm-passcode-input`).tap();
  await page.keyboard.type(digits);
}

describe('wallet and red packets in Chromium with three users', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let c: Phone;
  let accounts: Record<'a' | 'b' | 'c' | 'd', Account>;
  let gid: number;
  let packetId: number;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    accounts = {
      a: await registerAccount(app, 'wa', 'Alice'),
      b: await registerAccount(app, 'wb', 'Bob'),
      c: await registerAccount(app, 'wc', 'Carol'),
      d: await registerAccount(app, 'wd', 'Dave'),
    };
    gid = await seedGroup(app.built.ctx.db, accounts.a.userId, [accounts.b.userId, accounts.c.userId], {}, 'Lucky');
    [a, b, c] = [await openPhone(browser, app.url), await openPhone(browser, app.url), await openPhone(browser, app.url)];
    await login(a.page, accounts.a.account);
    await login(b.page, accounts.b.account);
    await login(c.page, accounts.c.account);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** my wallet, asked with the page's own session (the UI login replaced the registration's one) */
  const info = (phone: Phone) =>
    phone.page.evaluate(async () => {
      const response = await fetch('/enterprise/wallet/info', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: localStorage.getItem('authToken') ?? '' },
        body: '{}',
      });
      return ((await response.json()) as { data: { balance: string; mustChangePassword: boolean; opened: boolean } }).data;
    });

  it('1. A opens the wallet and changes the payment password', async () => {
    await go(a.page, '/pages/mine/wallet');
    await a.page.locator(sel('wallet-open')).tap();
    await a.page.locator('.adm-dialog-footer .adm-dialog-button-bold').tap();
    await a.page.locator(sel('pay-passcode')).waitFor();
    await typePasscode(a.page, '135790');
    await expect.poll(() => a.page.locator(`${sel('pay-passcode')} .adm-passcode-input`).getAttribute('class')).not.toContain('adm-passcode-input-error');
    await typePasscode(a.page, '135790');
    await expect.poll(async () => (await info(a)).mustChangePassword).toBe(false);
    expect((await info(a)).opened).toBe(true);
    await a.page.locator(sel('wallet-balance')).waitFor();
  });

  it('2. A recharges; the admin command approves it and the balance updates live', async () => {
    await go(a.page, '/pages/mine/purse');
    await a.page.locator(sel('purse-recharge')).tap();
    await a.page.locator(`${sel('purse-amount')} input`).fill('100');
    await a.page.locator(sel('purse-confirm')).tap();
    await a.page.locator('[data-testid^=purse-request-]').first().waitFor();
    expect(await a.page.locator(sel('purse-balance')).textContent()).toBe('0.00');
    const pending = await walletAdmin(app.built.ctx, ['pending']);
    const id = pending.lines[0].split('\t')[0];
    expect((await walletAdmin(app.built.ctx, ['approve', id])).exitCode).toBe(0);
    await expect.poll(() => a.page.locator(sel('purse-balance')).textContent()).toBe('100.00');
    // withdrawing more than the balance is said before the payment password
    await a.page.locator(sel('purse-withdraw')).tap();
    await a.page.locator(`${sel('purse-amount')} input`).fill('1000');
    await expect.poll(() => a.page.locator(sel('purse-problem')).textContent()).toBe('零钱余额不足。');
    expect(await a.page.locator(sel('purse-confirm')).isDisabled()).toBe(true);
    await a.page.locator(`${sel('purse-amount')} input`).fill('1');
    expect(await a.page.locator(sel('purse-confirm')).isDisabled()).toBe(false);
    await a.page.keyboard.press('Escape');
    await go(a.page, '/pages/mine/wallet');
  });

  it('2b. a zh-Hant reader sees the amount in words in Traditional characters', async () => {
    await a.page.evaluate(() => localStorage.setItem('language', 'zh-Hant'));
    await go(a.page, '/pages/mine/purse');
    await a.page.reload();
    await a.page.locator(sel('purse-recharge')).tap();
    await a.page.locator(`${sel('purse-amount')} input`).fill('32');
    await expect.poll(() => a.page.locator(sel('purse-words')).textContent()).toBe('參拾貳元整');
    await a.page.evaluate(() => localStorage.removeItem('language'));
    await a.page.reload();
  });

  it('2c. a withdrawal whose answer was lost, paid again, is one withdrawal', async () => {
    await go(a.page, '/pages/mine/purse');
    await a.page.locator(sel('purse-withdraw')).tap();
    await a.page.locator(`${sel('purse-amount')} input`).fill('30');
    await a.page.locator(sel('purse-confirm')).tap();
    // the server takes the first payment; its answer never reaches the phone
    let reached = 0;
    await a.page.route('**/enterprise/wallet/withdraw', async (route) => {
      reached++;
      await route.fetch();
      // (a page that gave up on it first has handled it already)
      await route.abort('connectionreset').catch(() => undefined);
    });
    await typePasscode(a.page, '135790');
    await expect.poll(() => reached, { timeout: 10_000 }).toBe(1);
    // the sheet says it failed and stays, to be paid again
    await a.page.locator(sel('pay-passcode-error')).waitFor();
    await a.page.unroute('**/enterprise/wallet/withdraw');
    await typePasscode(a.page, '135790');
    await a.page.locator(sel('pay-passcode')).waitFor({ state: 'hidden' });
    const pending = await walletAdmin(app.built.ctx, ['pending']);
    expect(pending.lines.filter((l) => l.includes('withdraw'))).toHaveLength(1);
    expect((await info(a)).balance).toBe('70.00');
    // given back, for the red packets that follow
    expect((await walletAdmin(app.built.ctx, ['reject', pending.lines[0].split('\t')[0]])).exitCode).toBe(0);
    await expect.poll(async () => (await info(a)).balance).toBe('100.00');
  });

  it('3. A sends a random 3-share red packet to the group', async () => {
    await go(a.page, `/pages/message/chat?toContactId=group-${gid}&is_group=1`);
    await a.page.locator(sel('chat-more-toggle')).tap();
    await a.page.locator(sel('chat-more-redpacket')).tap();
    await a.page.locator(sel('red-packet-page')).waitFor();
    // what the server would refuse is said before the payment password (it was said only after it)
    await a.page.locator(`${sel('packet-count')} input`).fill('5');
    await a.page.locator(`${sel('packet-amount')} input`).fill('0.01');
    await expect.poll(() => a.page.locator(sel('packet-problem')).textContent()).toBe('单个红包金额不可低于 0.01 元。');
    expect(await a.page.locator(sel('packet-send')).isDisabled()).toBe(true);
    await a.page.locator(`${sel('packet-amount')} input`).fill('150');
    await expect.poll(() => a.page.locator(sel('packet-problem')).textContent()).toBe('零钱余额不足。');
    expect(await a.page.locator(sel('packet-send')).isDisabled()).toBe(true);
    await a.page.locator(`${sel('packet-count')} input`).fill('3');
    await a.page.locator(`${sel('packet-amount')} input`).fill('10');
    expect(await a.page.locator(sel('packet-problem')).textContent()).toBe('');
    expect(await a.page.locator(sel('packet-words')).textContent()).toContain('壹拾元整');
    await a.page.locator(sel('packet-cover-gold')).tap();
    await a.page.locator(sel('packet-send')).tap();
    await typePasscode(a.page, '135790');
    await a.page.locator(sel('chat-page')).waitFor();
    await a.page.locator(sel('bubble-red-packet')).waitFor();
    expect((await info(a)).balance).toBe('90.00');
    const row = await app.built.ctx.db.selectFrom('red_packets').select('msg_id').where('group_id', '=', gid).executeTakeFirstOrThrow();
    packetId = Number(row.msg_id);
  });

  it('4. B and C open it and see their amounts; A takes the last share and the lucky winner is marked', async () => {
    const amounts: number[] = [];
    for (const phone of [b, c, a]) {
      await go(phone.page, `/pages/message/chat?toContactId=group-${gid}&is_group=1`);
      await phone.page.locator(`${sel('bubble-red-packet')}[data-state=unopened]`).tap();
      if (phone === b) {
        // offline: said at once, and the coin stays to tap again (it closed after 10 s and opened unseen later)
        await b.page.locator(sel('red-packet-open')).waitFor();
        await b.context.setOffline(true);
        await b.page.locator(sel('red-packet-open')).tap();
        await b.page.getByText('网络不可用，请联网后再拆开。').waitFor();
        expect(await b.page.locator(sel('red-packet-open')).isVisible()).toBe(true);
        await b.context.setOffline(false);
      }
      await phone.page.locator(sel('red-packet-open')).tap();
      const outcome = phone.page.locator(sel('red-packet-outcome'));
      await outcome.waitFor();
      expect(await outcome.getAttribute('data-outcome')).toBe('success');
      const text = (await outcome.textContent()) ?? '';
      amounts.push(Math.round(Number(/¥([\d.]+)/.exec(text)?.[1]) * 100));
      const box = await phone.page.locator(sel('red-packet-dialog')).boundingBox();
      expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844).toBe(true);
    }
    expect(amounts.reduce((x, y) => x + y, 0)).toBe(1000);
    // the opened packet's dialog closes by its own button, not only by a tap beside it
    await c.page.locator(sel('red-packet-close')).tap();
    await c.page.locator(sel('red-packet-dialog')).waitFor({ state: 'hidden' });
    await b.page.locator(sel('red-packet-details')).tap();
    await b.page.locator(sel('red-packet-detail')).waitFor();
    await expect.poll(() => b.page.locator(sel('red-packet-claim')).count()).toBe(3);
    expect(await b.page.locator(sel('red-packet-lucky')).count()).toBe(1);
    expect(await b.page.locator(sel('red-packet-mine')).textContent()).toBe(`¥${(amounts[0] / 100).toFixed(2)}`);
  });

  it('5. A sees the claims, the bill and the log', async () => {
    await go(a.page, `/pages/message/redPacketDetail?msg_id=${packetId}`);
    await expect.poll(() => a.page.locator(sel('red-packet-claim')).count()).toBe(3);
    expect(await a.page.locator(sel('red-packet-progress')).textContent()).toContain('3/3');
    await go(a.page, '/pages/mine/bill');
    // newest first: the packet's share, the packet, the withdrawal of 2c given back, that withdrawal, the recharge
    await expect.poll(() => a.page.locator(sel('bill-entry')).count()).toBe(5);
    const kinds = await a.page.locator(sel('bill-entry')).allTextContents();
    expect(kinds[1]).toContain('发红包');
    expect(kinds[4]).toContain('充值');
    // the end of the list in the reader's words (antd-mobile's French said "Non, plus maintenant.")
    await a.page.evaluate(() => localStorage.setItem('language', 'fr'));
    await a.page.reload();
    await a.page.locator(sel('list-end')).filter({ hasText: 'C’est tout' }).waitFor();
    await a.page.evaluate(() => localStorage.removeItem('language'));
    await a.page.reload();
    await go(a.page, '/pages/message/redPacketLog');
    await a.page.locator('.adm-tabs-tab').nth(1).tap();
    await expect.poll(() => a.page.locator(sel('log-total')).textContent()).toBe('¥10.00');
    expect(await a.page.locator(sel('log-item')).count()).toBe(1);
  });

  it('5a. a red packet cannot be forwarded: selected alone and forwarded, it says so and stays selected (it closed silently)', async () => {
    await go(a.page, `/pages/message/chat?toContactId=group-${gid}&is_group=1`);
    const bubble = a.page.locator(`${sel('chat-page')} ${sel('bubble-red-packet')}`).last();
    await bubble.waitFor();
    await bubble.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = await bubble.boundingBox();
    const finger = new Finger(await a.context.newCDPSession(a.page));
    await finger.down((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
    await a.page.locator(sel('message-menu')).waitFor();
    await finger.up();
    await a.page.locator(sel('message-menu-select')).tap();
    await a.page.locator(sel('chat-select-merge')).tap();
    await expect.poll(() => a.page.locator('.adm-toast-main').last().textContent()).toBe('所选消息无法转发。');
    expect(await a.page.locator(sel('chat-select-bar')).isVisible()).toBe(true);
    expect(await a.page.locator(sel('picker-page')).count()).toBe(0);
  });

  it('5b. when the wallet cannot be loaded, its pages say so and retry, rather than spin or show 0.00', async () => {
    const failing = (route: Route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' });
    const paths = ['**/enterprise/wallet/info', '**/enterprise/im/RedPacketLog', '**/enterprise/im/getUserPriceLog'];
    for (const path of paths) await a.page.route(path, failing);
    try {
      for (const path of ['/pages/mine/wallet', '/pages/mine/purse', '/pages/mine/bill', '/pages/message/redPacketLog']) {
        // a fresh start: nothing loaded before to fall back on
        await go(a.page, path);
        await a.page.reload();
        await a.page.locator(sel('query-retry')).waitFor({ timeout: 10_000 }).catch(() => {
          throw new Error(`${path}: no retry`);
        });
        expect(await a.page.locator(sel('purse-balance')).count(), path).toBe(0);
        // in the reader's language, not HTTP's "Internal Server Error"
        expect(await a.page.locator(sel('query-failed')).textContent(), path).toContain('服务器返回错误');
        expect(await a.page.locator(sel('log-total')).isVisible(), path).toBe(false);
      }
    } finally {
      for (const path of paths) await a.page.unroute(path);
    }
    await a.page.locator(sel('query-retry')).tap();
    await expect.poll(() => a.page.locator(sel('log-total')).isVisible()).toBe(true);
    a.errors.length = 0;
  });

  it("5c. in Japanese on a 360 px phone each cover's name stays on one line", async () => {
    await b.page.evaluate(() => localStorage.setItem('language', 'ja'));
    await b.page.setViewportSize({ width: 360, height: 640 });
    await go(b.page, `/pages/message/redPacket?toContactId=group-${gid}&is_group=1`);
    await b.page.reload();
    await b.page.locator(sel('packet-cover-classic')).filter({ hasText: 'クラシック' }).waitFor();
    for (const c of ['classic', 'gold', 'lantern', 'blossom']) {
      const lines = await b.page.locator(sel(`packet-cover-${c}`)).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, c).toBe(1);
    }
    await b.page.evaluate(() => localStorage.removeItem('language'));
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.reload();
  });

  it('6. a fourth user, not a member, cannot open it', async () => {
    const r = await fetch(`${app.url}/enterprise/im/openRedPacket`, {
      method: 'POST',
      headers: { Authorization: accounts.d.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ msg_id: packetId }),
    });
    const body = (await r.json()) as { code: number; key: string };
    expect([body.code, body.key]).toEqual([403, 'redpackets.notEligible']);
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });
});
