import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { PASSWORD, registerInUi as register, submitLogin, waitBound } from './steps.ts';

const NEW_PASSWORD = 'n3wSecret';

/** The letter section a friend row sits in. */
const sectionOf = (page: Page, userId: number) =>
  page
    .locator(`[data-testid=friend-item-${userId}]`)
    .evaluate((el) => el.closest('[data-testid^=index-section-]')?.getAttribute('data-testid') ?? null);

describe('contacts: friend requests, the index, QR cards and the password', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let idA = 0;
  let idB = 0;
  const accountA = uniqueAccount('zhang');
  const accountB = uniqueAccount('bob');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-contacts-e2e-'));

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    a = await openPhone(browser, app.url);
    b = await openPhone(browser, app.url, { width: 375, height: 667 });
    idA = await register(a.page, accountA, '张三');
    idB = await register(b.page, accountB, 'Bob Builder');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('A finds B by account and sends a request; B sees the red dot live and agrees', async () => {
    // B waits on the contacts tab: the request must arrive by push.
    await b.page.click('[data-testid=tab-contacts]');
    await b.page.waitForSelector('[data-testid=contacts-page]');
    expect(await b.page.locator('[data-testid=contacts-new-friends-badge]').count()).toBe(0);

    const pa = a.page;
    await pa.click('[data-testid=tab-contacts]');
    await pa.click('[data-testid=contacts-add-friend]');
    await pa.fill('[data-testid=user-search-input]', accountB);
    await pa.click(`[data-testid=user-search-result-${idB}]`);
    await pa.waitForSelector(`[data-testid=contact-detail-${idB}]`);
    expect(await pa.textContent('[data-testid=detail-name]')).toBe('Bob Builder');
    await pa.click('[data-testid=detail-add-friend]');
    await pa.fill('[data-testid=detail-add-remark]', 'Hi Bob, it is Zhang');
    await pa.click('[data-testid=dialog-confirm]');

    const pb = b.page;
    await pb.waitForSelector('[data-testid=contacts-new-friends-badge]', { timeout: 10_000 });
    expect((await pb.textContent('[data-testid=contacts-new-friends-badge]'))?.trim()).toBe('1');
    expect((await pb.textContent('[data-testid=tab-badge-contacts]'))?.trim()).toBe('1');

    await pb.click('[data-testid=contacts-new-friends]');
    const request = pb.locator('[data-testid^=request-agree-]');
    await request.waitFor();
    const requestId = (await request.getAttribute('data-testid'))?.replace('request-agree-', '');
    expect(await pb.textContent(`[data-testid=request-${requestId}]`)).toContain('Hi Bob, it is Zhang');
    await request.click();
    await expect.poll(() => pb.getAttribute(`[data-testid=request-${requestId}]`, 'data-status')).toBe('1');
    expect(await pb.locator('[data-testid^=request-agree-]').count()).toBe(0);
  });

  it('both see each other under the right letter, with the dot gone, and can open the chat', async () => {
    const pb = b.page;
    await pb.click('[data-testid=topbar-back]');
    await pb.waitForSelector(`[data-testid=friend-item-${idA}]`);
    expect(await sectionOf(pb, idA)).toBe('index-section-Z');
    expect(await pb.locator('[data-testid=contacts-new-friends-badge]').count()).toBe(0);

    const pa = a.page;
    await pa.goto('/#/pages/contacts/index');
    await pa.waitForSelector(`[data-testid=friend-item-${idB}]`, { timeout: 10_000 });
    expect(await sectionOf(pa, idB)).toBe('index-section-B');

    for (const [page, other] of [
      [pa, idB],
      [pb, idA],
    ] as const) {
      await page.click(`[data-testid=friend-item-${other}]`);
      await page.waitForSelector(`[data-testid=contact-detail-${other}]`);
      await page.click('[data-testid=detail-send]');
      await page.waitForURL(new RegExp(`/pages/message/chat\\?toContactId=${other}&is_group=0`));
    }
  });

  it('B scans the QR code on A’s profile from a picture and lands on A’s page', async () => {
    const pa = a.page;
    await pa.goto('/#/pages/mine/profile');
    const qr = pa.locator('[data-testid=profile-qrcode]');
    await qr.waitFor({ timeout: 10_000 });
    const file = path.join(tmp, 'a-qr.png');
    await qr.screenshot({ path: file });

    const pb = b.page;
    await pb.goto('/#/pages/index/scan');
    await pb.waitForSelector('[data-testid=scan-page]');
    await pb.setInputFiles('[data-testid=scan-file-input]', file);
    await pb.waitForURL(new RegExp(`/pages/contacts/detail\\?user_id=${idA}`), { timeout: 10_000 });
    await pb.waitForSelector(`[data-testid=contact-detail-${idA}]`);
    expect(await pb.textContent('[data-testid=detail-name]')).toBe('张三');
  });

  it('a picture without a code shows the scan-failure notice', async () => {
    const pb = b.page;
    const blank = path.join(tmp, 'blank.png');
    await pb.goto('/#/pages/mine/profile');
    await pb.locator('[data-testid=profile-avatar]').screenshot({ path: blank });
    await pb.goto('/#/pages/index/scan');
    await pb.setInputFiles('[data-testid=scan-file-input]', blank);
    await pb.waitForSelector('[data-testid=dialog-confirm]');
    await pb.click('[data-testid=dialog-confirm]');
    expect(pb.url()).toContain('/pages/index/scan');
  });

  it('A changes the password: the new one signs in, the old one is refused', async () => {
    const pa = a.page;
    await pa.goto('/#/pages/mine/secure');
    await pa.fill('[data-testid=secure-password-old]', PASSWORD);
    await pa.fill('[data-testid=secure-password-new]', NEW_PASSWORD);
    await pa.fill('[data-testid=secure-password-confirm]', `${NEW_PASSWORD}x`);
    await pa.click('[data-testid=secure-password-submit]');
    await pa.waitForSelector('[data-testid=secure-password-confirm-error]');

    await pa.fill('[data-testid=secure-password-confirm]', NEW_PASSWORD);
    await pa.click('[data-testid=secure-password-submit]');
    // the form empties itself after the change
    await expect.poll(() => pa.inputValue('[data-testid=secure-password-old]'), { timeout: 10_000 }).toBe('');
    await pa.waitForSelector('[data-testid^=device-signout-]');

    await pa.goto('/#/');
    await pa.click('[data-testid=home-avatar]');
    await pa.click('[data-testid=mine-logout]');
    await pa.click('[data-testid=dialog-confirm]');
    await pa.waitForSelector('[data-testid=login-page]');

    await submitLogin(pa, accountA, PASSWORD);
    await pa.waitForSelector('.adm-toast-main');
    await pa.waitForTimeout(500);
    expect(pa.url()).toContain('/pages/login/index');
    expect(await pa.evaluate(() => localStorage.getItem('authToken'))).toBeFalsy();

    await submitLogin(pa, accountA, NEW_PASSWORD);
    await pa.waitForSelector('[data-testid=home-page]');
    await waitBound(pa);
  });

  it('A deletes B after confirming; the list of B drops A at once', async () => {
    const pb = b.page;
    await pb.goto('/#/pages/contacts/index');
    await pb.waitForSelector(`[data-testid=friend-item-${idA}]`);

    const pa = a.page;
    await pa.goto(`/#/pages/contacts/detail?user_id=${idB}`);
    await pa.click('[data-testid=detail-delete]');
    await pa.click('[data-testid=dialog-cancel]');
    expect(await pa.isVisible('[data-testid=detail-send]')).toBe(true);
    await pa.click('[data-testid=detail-delete]');
    await pa.click('[data-testid=dialog-confirm]');
    await pa.waitForSelector('[data-testid=contacts-page]');
    expect(await pa.locator(`[data-testid=friend-item-${idB}]`).count()).toBe(0);

    await pb.waitForSelector(`[data-testid=friend-item-${idA}]`, { state: 'detached', timeout: 10_000 });
  });

  it('no page errors on either phone', () => {
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
