import { parseGroupContactId } from '@parley/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore as befriend, PASSWORD, submitLogin, waitBound } from './steps.ts';

const sel = (id: string) => `[data-testid="${id}"]`;

interface Account {
  account: string;
  nickname: string;
  userId: number;
}

/** An account made through the API (registration is the shell's subject, not this one). */
async function registerAccount(app: E2eApp, prefix: string, nickname: string): Promise<Account> {
  const account = uniqueAccount(prefix);
  const response = await fetch(`${app.url}/common/pub/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account, nickname, password: PASSWORD, repassword: PASSWORD }),
  });
  const body = (await response.json()) as { code: number; data: { userInfo: { user_id: number } } };
  expect(body.code).toBe(0);
  return { account, nickname, userId: body.data.userInfo.user_id };
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

/** Calls the API with the page's own session (what a client that ignores the UI would send). */
function apiFrom<T = unknown>(page: Page, path: string, body: object): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: localStorage.getItem('authToken') ?? '' },
        body: JSON.stringify(body),
      });
      return response.json();
    },
    { path, body },
  );
}

const toastText = (page: Page) => page.locator('.adm-toast-main').last();

describe('groups in Chromium with three users', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let c: Phone;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let groupId = 0;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    alice = await registerAccount(app, 'ga', 'Alice');
    bob = await registerAccount(app, 'gb', 'Bob');
    carol = await registerAccount(app, 'gc', 'Carol');
    await befriend(app, alice.userId, bob.userId);
    await befriend(app, alice.userId, carol.userId);
    a = await openPhone(browser, app.url);
    b = await openPhone(browser, app.url);
    c = await openPhone(browser, app.url, { width: 375, height: 667 });
    await Promise.all([login(a.page, alice.account), login(b.page, bob.account), login(c.page, carol.account)]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("the + menu opens at the first tap after it was opened, closed, and the tab changed (it took two)", async () => {
    const page = a.page;
    const menu = page.locator(sel('home-menu-new-group'));
    await page.locator(sel('home-plus')).waitFor();
    await page.click(sel('home-plus'));
    await menu.waitFor();
    await page.mouse.click(195, 600);
    await menu.waitFor({ state: 'hidden' });
    await page.click(sel('tab-contacts'));
    await page.click(sel('tab-chats'));
    await page.click(sel('home-plus'));
    await menu.waitFor({ timeout: 3_000 });
    await page.mouse.click(195, 600);
    await menu.waitFor({ state: 'hidden' });
  });

  it('A creates a group with B and C from the + menu; it opens and reaches B and C live', async () => {
    const page = a.page;
    const pickBobAndCarol = async () => {
      await page.click(sel('home-plus'));
      await page.click(sel('home-menu-new-group'));
      await page.waitForSelector(sel('picker-page'));
      await page.click(sel(`picker-item-${bob.userId}`));
      await page.click(sel(`picker-item-${carol.userId}`));
      await page.click(sel('picker-confirm'));
    };
    // the first try is made on the server, but its answer is lost; A makes it again: one group
    let reached = 0;
    await page.route('**/enterprise/group/add', async (route) => {
      reached++;
      await route.fetch();
      await route.abort('connectionreset').catch(() => undefined);
    });
    await pickBobAndCarol();
    await expect.poll(() => reached, { timeout: 10_000 }).toBe(1);
    await page.waitForSelector(sel('home-page'));
    await page.unroute('**/enterprise/group/add');
    await pickBobAndCarol();
    const chat = page.locator(`${sel('chat-page')}[data-contact-id^="group-"]`);
    await chat.waitFor();
    groupId = parseGroupContactId(await chat.getAttribute('data-contact-id')) ?? 0;
    expect(groupId).toBeGreaterThan(0);
    const made = await app.built.ctx.db.selectFrom('groups').select('id').where('owner_id', '=', alice.userId).execute();
    expect(made.map((g) => Number(g.id))).toEqual([groupId]);
    // the default name is made of the members' names
    await expect.poll(() => page.textContent(sel('topbar-title'))).toContain('Alice');

    for (const phone of [b, c]) {
      await phone.page.locator(sel(`chat-row-group-${groupId}`)).waitFor({ timeout: 10_000 });
    }

    // the group list of the contacts tab has it too
    await go(b.page, '/pages/contacts/group');
    await b.page.locator(sel(`group-item-${groupId}`)).waitFor();
    await go(b.page, '/pages/index/index');
    await b.page.waitForSelector(sel('home-page'));
  });

  it('A renames the group (an empty name is refused) and B sees the new name live', async () => {
    const page = a.page;
    await page.click(sel('chat-detail'));
    await page.click(sel('detail-group-info'));
    await page.waitForSelector(sel('group-info-page'));
    await page.locator(sel(`group-member-${carol.userId}`)).waitFor();

    await page.click(sel('group-info-name'));
    const input = page.locator(`${sel('group-name-editor-input')} input`);
    await input.fill('   ');
    await page.click(sel('group-name-editor-save'));
    await expect.poll(() => page.textContent(sel('group-name-editor-error'))).toBe('群聊名称不能为空');

    await input.fill('Weekend hikers');
    await page.click(sel('group-name-editor-save'));
    await expect.poll(() => page.textContent(sel('group-info-name-value'))).toBe('Weekend hikers');

    // B, on the chat list, sees it without reloading; then opens the chat with that title
    const row = b.page.locator(sel(`chat-row-group-${groupId}`));
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Weekend hikers');
    await row.click();
    await b.page.waitForSelector(`${sel('chat-page')}[data-contact-id="group-${groupId}"]`);
    await expect.poll(() => b.page.textContent(sel('topbar-title'))).toContain('Weekend hikers');
  });

  it('A makes B an admin and mutes all: C cannot send, admin B still can', async () => {
    const page = a.page;
    await page.click(sel('group-view-all'));
    await page.waitForSelector(sel('group-user-page'));
    await page.click(sel(`member-${bob.userId}`));
    await page.click(sel('member-action-admin'));
    await page.locator(`${sel(`member-${bob.userId}`)}:has-text("管理员")`).waitFor();

    await page.click(sel('topbar-back'));
    await page.waitForSelector(sel('group-info-page'));
    await page.click(sel('group-switch-muteAll'));
    await expect.poll(() => page.getAttribute(sel('group-switch-muteAll'), 'aria-checked')).toBe('true');

    // C opens the chat: the input is replaced by the reason
    await c.page.click(sel(`chat-row-group-${groupId}`));
    await c.page.waitForSelector(`${sel('chat-page')}[data-contact-id="group-${groupId}"]`);
    const bar = c.page.locator(sel('chat-muted-bar'));
    await bar.waitFor({ timeout: 10_000 });
    expect(await bar.textContent()).toContain('禁言');
    expect(await c.page.locator(sel('chat-input')).count()).toBe(0);
    // … and the server refuses a send that goes around the UI
    const refused = await apiFrom(c.page, '/enterprise/im/sendMessage', {
      id: crypto.randomUUID(),
      toContactId: `group-${groupId}`,
      type: 'text',
      content: 'can I talk?',
      is_group: 1,
    });
    expect(refused.code).toBe(403);
    expect(refused.msg).toBe('The group is muted: only the owner and admins can send messages.');

    // B is an admin now and still speaks; C receives it live
    await b.page.fill(sel('chat-input'), 'Admins still speak');
    await b.page.click(sel('chat-send'));
    await c.page.locator(`${sel('chat-page')} ${sel('bubble-text')}:has-text("Admins still speak")`).waitFor({ timeout: 10_000 });
  });

  it('A removes C: C is told and taken back to the chat list', async () => {
    const page = a.page;
    await page.click(sel('group-view-all'));
    await page.waitForSelector(sel('group-user-page'));
    await page.click(sel(`member-${carol.userId}`));
    await page.click(sel('member-action-remove'));
    await page.click(sel('dialog-confirm'));
    await page.locator(sel(`member-${carol.userId}`)).waitFor({ state: 'detached' });

    await expect.poll(() => toastText(c.page).textContent(), { timeout: 10_000 }).toBe('你已被移出群聊');
    await c.page.waitForSelector(sel('home-page'));
    await c.page.locator(sel(`chat-row-group-${groupId}`)).waitFor({ state: 'detached', timeout: 10_000 });
  });

  let second = 0;
  let qrText = '';

  it('A shows the second group\'s QR code (7 days, its expiry, saved as a picture); B scans it and joins', async () => {
    // the second group is set up through the API: A and C only
    const made = await apiFrom<{ group_id: number }>(a.page, '/enterprise/group/add', { name: 'Book club', user_ids: [carol.userId] });
    expect(made.code).toBe(0);
    second = made.data.group_id;

    const page = a.page;
    await go(page, `/pages/message/group/info?group_id=${second}`);
    await page.click(sel('group-qrcode-entry'));
    const canvas = page.locator(sel('group-qrcode-canvas'));
    await canvas.waitFor();
    qrText = (await canvas.getAttribute('data-qr-text')) ?? '';
    expect(qrText).toMatch(new RegExp(`^parley://g/${second}\\?`));
    const expiry = await page.textContent(sel('group-qrcode-expiry'));
    // valid until 7 days from now, stated once (no "valid for 7 days" beside "6 days left")
    const until = new Date(Date.now() + 7 * 86_400_000);
    const day = `${until.getFullYear()}-${String(until.getMonth() + 1).padStart(2, '0')}-${String(until.getDate()).padStart(2, '0')}`;
    expect(expiry).toContain(`${day} `);
    expect(expiry).toContain('前有效');
    // a fresh code has 7 days left, less the moment it took (protocol expiryText counts whole days)
    expect(expiry).toMatch(/剩余[67]天/);
    // the picture B will scan, taken once no toast (an earlier step's) covers the code
    await page.waitForFunction(() => !document.querySelector('.adm-toast-mask'), undefined, { timeout: 10_000 });
    const picture = await canvas.screenshot();
    const download = page.waitForEvent('download');
    await page.click(sel('group-qrcode-save'));
    expect((await download).suggestedFilename()).toBe(`group-${second}-qrcode.png`);

    // B scans the picture
    await go(b.page, '/pages/index/index');
    await b.page.waitForSelector(sel('home-page'));
    await b.page.click(sel('home-plus'));
    await b.page.click(sel('home-menu-scan'));
    await b.page.setInputFiles(sel('scan-file-input'), { name: 'group-qr.png', mimeType: 'image/png', buffer: picture });
    await b.page.waitForSelector(sel('group-join-card'), { timeout: 10_000 });
    await b.page.click(sel('group-join'));
    await b.page.waitForSelector(`${sel('chat-page')}[data-contact-id="group-${second}"]`, { timeout: 10_000 });

    // A's member list shows B without a reload
    await go(page, `/pages/message/group/groupUser?group_id=${second}`);
    await page.locator(sel(`member-${bob.userId}`)).waitFor({ timeout: 10_000 });
  });

  it('the join card refuses a forged code with the server\'s reason and joins with a genuine one', async () => {
    const page = b.page;
    // a notice left open by the scan page (if its scan failed) would cover the card
    if (await page.locator(sel('dialog-confirm')).isVisible()) await page.click(sel('dialog-confirm'));
    const forged = qrText.replace(/sig=.{4}/, 'sig=AAAA');
    await go(page, `/pages/message/group/info?group_id=${second}&join=1&qrcode=${encodeURIComponent(forged)}`);
    await page.click(sel('group-join'));
    await expect.poll(() => page.textContent(sel('group-join-error'))).toBe('该二维码无效');

    await go(page, `/pages/message/group/info?group_id=${second}&join=1&qrcode=${encodeURIComponent(qrText)}`);
    await page.locator(sel('group-join-error')).waitFor({ state: 'detached' });
    await page.click(sel('group-join'));
    await page.waitForSelector(`${sel('chat-page')}[data-contact-id="group-${second}"]`, { timeout: 10_000 });
    await go(a.page, `/pages/message/group/groupUser?group_id=${second}`);
    await a.page.locator(sel(`member-${bob.userId}`)).waitFor({ timeout: 10_000 });

    for (const phone of [a, b, c]) expect(phone.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
