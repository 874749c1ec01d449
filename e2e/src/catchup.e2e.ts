import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGroup } from '@parley/server/testing';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore as befriend, registerInUi as register, socketState, waitBound } from './steps.ts';

/**
 * Issue 9, item 1: B's socket drops twice while A keeps sending into a private chat and a group;
 * B reconnects by itself and catches up while the pushes keep coming. B ends with exactly the
 * messages the server holds, in order.
 */

type ParleyWindow = Window & { __parley?: { cachedMsgIds(contactId: string): number[] } };

const cachedIds = (page: Page, contactId: string) =>
  page.evaluate((id) => (window as ParleyWindow).__parley?.cachedMsgIds(id) ?? [], contactId);

describe('catch-up while messages keep coming', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let idA = 0;
  let idB = 0;
  let gid = 0;
  let tokenA = '';
  let tokenB = '';

  beforeAll(async () => {
    // A sends a flood far faster than a person types: past the per-user send budget (300 a minute)
    app = await startApp({ RATE_LIMIT_SCALE: '100' });
    browser = await launchBrowser();
    a = await openPhone(browser, app.url);
    b = await openPhone(browser, app.url);
    idA = await register(a.page, uniqueAccount('cua'), 'Alice');
    idB = await register(b.page, uniqueAccount('cub'), 'Bob');
    tokenA = await a.page.evaluate(() => localStorage.getItem('authToken') ?? '');
    tokenB = await b.page.evaluate(() => localStorage.getItem('authToken') ?? '');
    await befriend(app, idA, idB);
    gid = await seedGroup(app.built.ctx.db, idA, [idB]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const post = async <T>(path: string, token: string, data: unknown): Promise<{ code: number; data: T }> => {
    const res = await a.context.request.post(`${app.url}${path}`, { headers: { Authorization: token }, data });
    return (await res.json()) as { code: number; data: T };
  };
  const sendAs = (toContactId: number | string, content: string) =>
    post<{ msg_id: number }>('/enterprise/im/sendMessage', tokenA, {
      id: randomUUID(),
      toContactId,
      type: 'text',
      content,
      is_group: typeof toContactId === 'string' ? 1 : 0,
    });

  /** Everything the server holds for B in one conversation, ascending. */
  async function serverIds(toContactId: number | string): Promise<number[]> {
    const ids: number[] = [];
    for (;;) {
      const page = await post<{ msg_id: number }[]>('/enterprise/im/getMessageList', tokenB, {
        toContactId,
        is_group: typeof toContactId === 'string' ? 1 : 0,
        last_msg_id: ids.at(-1) ?? 0,
        limit: 100,
      });
      ids.push(...page.data.map((m) => m.msg_id));
      if (page.data.length < 100) return ids;
    }
  }

  function cutB(): void {
    const hub = app.built.ctx.hub as unknown as { byUser: Map<number, Set<{ ws: { terminate(): void } }>> };
    for (const conn of hub.byUser.get(idB) ?? []) conn.ws.terminate();
  }

  it('B reconnects twice inside continuous sending and ends with exactly the server’s messages, in order', async () => {
    const group = `group-${gid}`;
    for (let i = 0; i < 25; i++) await sendAs(i % 2 ? group : idB, `before ${i}`);
    // B has both chats loaded; the private one stays open.
    await b.page.goto(`/#/pages/message/chat?toContactId=${group}&is_group=1`);
    await b.page.locator('[data-testid=bubble-text]').filter({ hasText: 'before 23' }).waitFor();
    await b.page.goto(`/#/pages/message/chat?toContactId=${idA}&is_group=0`);
    await b.page.locator('[data-testid=bubble-text]').filter({ hasText: 'before 24' }).waitFor();

    // A keeps sending, two at a time, into both chats.
    let sent = 0;
    let stop = false;
    const failures: number[] = [];
    const sender = async () => {
      while (!stop) {
        const n = sent++;
        const answer = await sendAs(n % 2 ? group : idB, `live ${n}`);
        if (answer.code !== 0) failures.push(answer.code);
        await new Promise((r) => setTimeout(r, 15));
      }
    };
    const sending = Promise.all([sender(), sender()]);
    const sentAtLeast = (n: number) => expect.poll(() => sent, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(n);

    for (let cut = 0; cut < 2; cut++) {
      await sentAtLeast(sent + 30);
      cutB();
      await expect.poll(() => socketState(b.page), { interval: 20 }).not.toBe('bound');
      await waitBound(b.page, 60_000);
      // the catch-up runs while the pushes keep coming
      await sentAtLeast(sent + 40);
    }
    stop = true;
    await sending;
    expect(failures).toEqual([]);

    for (const contact of [String(idA), group]) {
      const server = await serverIds(contact === group ? group : idA);
      expect(server.length).toBeGreaterThan(60);
      await expect.poll(async () => (await cachedIds(b.page, contact)).at(-1), { timeout: 30_000 }).toBe(server.at(-1));
      const cached = await cachedIds(b.page, contact);
      // the server's messages from the oldest cached one on: nothing missing, nothing twice, in order
      expect(cached).toEqual(server.slice(server.indexOf(cached[0])));
      expect(cached.length).toBeGreaterThan(60);
    }
    // and what B sees at the bottom of the open chat is A's newest private message
    const last = await post<{ content: string }[]>('/enterprise/im/getMessageList', tokenB, { toContactId: idA, is_group: 0, limit: 1 });
    await b.page.locator('[data-testid=bubble-text]').filter({ hasText: new RegExp(`^${last.data[0].content}$`) }).waitFor();
  });
});
