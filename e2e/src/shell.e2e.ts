import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, launchBrowser, openPhone, type Phone, uniqueAccount } from './harness.ts';
import { socketState, submitLogin } from './steps.ts';

/** Every route of spec §2 (the tab pages and login/register are exercised separately). */
const ROUTES = [
  '/pages/message/chat',
  '/pages/message/emoji',
  '/pages/message/detail',
  '/pages/message/record',
  '/pages/message/call',
  '/pages/message/video',
  '/pages/message/redPacket',
  '/pages/message/redPacketLog',
  '/pages/message/group/groupUser',
  '/pages/message/group/info',
  '/pages/contacts/detail',
  '/pages/contacts/friend',
  '/pages/contacts/search',
  '/pages/contacts/group',
  '/pages/index/userSelection',
  '/pages/index/qrcode',
  '/pages/index/search',
  '/pages/index/scan',
  '/pages/mine/wallet',
  '/pages/mine/bill',
  '/pages/mine/purse',
  '/pages/mine/profile',
  '/pages/mine/secure',
  '/pages/mine/about',
  '/pages/mine/setting',
  '/pages/mine/doc',
  '/pages/mine/i18n/i18n',
  '/pages/mine/webview',
  '/pages/compass/moments',
  '/pages/golist/golist',
  '/pages/goinfo/goinfo',
  '/extend/favorites/index',
  '/pages/index/index',
  '/pages/contacts/index',
];

async function register(page: Page, account: string, nickname: string) {
  await page.goto('/#/pages/login/register');
  await page.fill('input[name=account]', account);
  await page.fill('input[name=nickname]', nickname);
  await page.fill('input[name=password]', 'secret12');
  await page.fill('input[name=repassword]', 'secret12');
  await page.click('[data-testid=register-submit]');
  await page.waitForSelector('[data-testid=home-page]');
}

async function login(page: Page, account: string) {
  await submitLogin(page, account);
  await page.waitForSelector('[data-testid=home-page]');
}


describe('the app shell in Chromium at phone size', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  const accountA = uniqueAccount('shella');
  const accountB = uniqueAccount('shellb');

  beforeAll(async () => {
    const { startApp } = await import('./harness.ts');
    app = await startApp();
    browser = await launchBrowser();
    a = await openPhone(browser, app.url);
    b = await openPhone(browser, app.url, { width: 375, height: 667 });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the validation messages of spec §5 on register', async () => {
    const { page } = a;
    await page.goto('/#/pages/login/register');
    await page.fill('input[name=account]', 'abc');
    await page.fill('input[name=nickname]', 'A');
    await page.fill('input[name=password]', '123');
    await page.fill('input[name=repassword]', '124');
    await page.click('[data-testid=register-submit]');
    await expect.poll(() => page.textContent('[data-testid=error-account]')).toBeTruthy();
    await expect.poll(() => page.textContent('[data-testid=error-password]')).toBeTruthy();
    expect(page.url()).toContain('/pages/login/register');
    // a nickname too long is told its limit (it said "enter a nickname" under a filled field)
    await page.fill('input[name=nickname]', 'N'.repeat(40));
    await page.click('[data-testid=register-submit]');
    await expect.poll(() => page.textContent('[data-testid=error-nickname]')).toMatch(/1-32/);
  });

  it('two users register and log in in two contexts and see the home with its tab bar', async () => {
    await register(a.page, accountA, 'Alice');
    await register(b.page, accountB, 'Bob');
    for (const { page } of [a, b]) {
      await page.waitForSelector('[data-testid=tab-bar]');
      expect(await page.isVisible('[data-testid=tab-chats]')).toBe(true);
      expect(await page.isVisible('[data-testid=tab-contacts]')).toBe(true);
      expect(await page.getAttribute('[data-testid=tab-chats]', 'aria-current')).toBe('page');
      await expect.poll(() => socketState(page), { timeout: 10_000 }).toBe('bound');
      const bar = await page.locator('[data-testid=tab-bar]').boundingBox();
      expect(Math.round(bar?.height ?? 0)).toBe(50);
    }
    // log out and back in through the login page
    await a.page.click('[data-testid=home-avatar]');
    await a.page.click('[data-testid=mine-logout]');
    await a.page.click('[data-testid=dialog-confirm]');
    await a.page.waitForSelector('[data-testid=login-page]');
    await login(a.page, accountA);
    await expect.poll(() => socketState(a.page), { timeout: 10_000 }).toBe('bound');
  });

  it('a reload keeps the session', async () => {
    const scripts: string[] = [];
    const seen = (request: { url(): string }) => void scripts.push(request.url());
    b.page.on('request', seen);
    await b.page.reload();
    await b.page.waitForSelector('[data-testid=home-page]');
    const stored = await b.page.evaluate(() => ({
      token: localStorage.getItem('authToken'),
      user: localStorage.getItem('userInfo'),
      setting: localStorage.getItem('appSetting'),
      cid: localStorage.getItem('cid'),
    }));
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}').account).toBe(accountB);
    expect(JSON.parse(stored.setting ?? '{}')).toMatchObject({ voiceStatus: true, vibrateStatus: false, circleAvatar: false });
    expect(stored.cid).toBeTruthy();
    await expect.poll(() => socketState(b.page), { timeout: 10_000 }).toBe('bound');
    b.page.off('request', seen);
    // a short chat list draws every row: the list virtualizer's code (apps/web/src/components/virtual) is not fetched
    expect(await b.page.getAttribute('[data-testid=chat-list] [data-virtualized]', 'data-virtualized')).toBe('0');
    expect(scripts.filter((url) => /\/(VirtualizedList|useVirtualRows)-[\w-]+\.js$/.test(url))).toEqual([]);
  });

  it('a signed-in start asks for the app’s code with every file it imports at once, not a round trip later', async () => {
    // the build's manifest: the app chunk (apps/web/src/App.tsx) and the chunks it imports
    const manifest = JSON.parse(fs.readFileSync(path.join(app.built.ctx.config.webDist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; name?: string; isDynamicEntry?: boolean; imports?: string[] }>;
    const appChunk = Object.values(manifest).find((chunk) => chunk.name === 'App' && chunk.isDynamicEntry);
    const startChunk = Object.values(manifest).find((chunk) => chunk.name === 'start');
    const imported = (appChunk?.imports ?? []).map((key) => manifest[key]).filter((chunk) => chunk && chunk.name !== 'index' && chunk !== startChunk).map((chunk) => `/${chunk.file}`);
    expect(imported.length).toBeGreaterThan(2);
    await b.page.reload();
    await b.page.waitForSelector('[data-testid=home-page]');
    const preloaded = await b.page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => new URL(link.href).pathname));
    expect(preloaded).toContain(`/${appChunk?.file}`);
    expect(imported.filter((file) => !preloaded.includes(file))).toEqual([]);
  });

  it('every route of spec §2 opens without an error', async () => {
    const { page, errors } = b;
    for (const route of ROUTES) {
      errors.length = 0;
      await page.goto(`/#${route}`);
      await page.waitForSelector('[data-testid=topbar-title], [data-testid=home-page], [data-testid=contacts-page]', {
        timeout: 10_000,
      });
      expect(await page.locator('[data-testid=page-error]').count(), `${route} crashed`).toBe(0);
      expect(errors, `${route}: ${errors.join('\n')}`).toEqual([]);
    }
  });

  it('the home avatar opens the personal area', async () => {
    const { page } = a;
    await page.goto('/#/');
    await page.click('[data-testid=home-avatar]');
    // the personal area's code loads with the first tap
    await page.locator('[data-testid=mine-panel]').waitFor();
    for (const item of ['profile', 'wallet', 'favorites', 'moments', 'settings', 'language', 'about']) {
      expect(await page.isVisible(`[data-testid=mine-item-${item}]`), item).toBe(true);
    }
    await page.click('[data-testid=mine-item-about]');
    await page.waitForSelector('[data-testid=about-version]');
    expect(await page.textContent('[data-testid=about-version]')).toContain('5.5.1');
  });

  it('switching to English shows English after the restart, and back to Chinese', async () => {
    const { page } = a;
    await page.goto('/#/pages/mine/i18n/i18n');
    await page.click('[data-testid=language-option-en]');
    await Promise.all([page.waitForEvent('load'), page.click('[data-testid=language-save]')]);
    await page.waitForSelector('[data-testid=home-page]');
    expect(await page.textContent('[data-testid=tab-chats]')).toContain('Chats');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.goto('/#/pages/mine/i18n/i18n');
    await page.click('[data-testid=language-option-zh]');
    await Promise.all([page.waitForEvent('load'), page.click('[data-testid=language-save]')]);
    await page.waitForSelector('[data-testid=home-page]');
    expect(await page.textContent('[data-testid=tab-chats]')).not.toContain('Chats');
  });

  it('a second phone login forces the first phone out with the spec message', async () => {
    const c = await openPhone(browser, app.url);
    try {
      await login(c.page, accountB);
      await b.page.waitForSelector('[data-testid=login-page]', { timeout: 10_000 });
      expect(await b.page.evaluate(() => localStorage.getItem('authToken'))).toBeFalsy();
    } finally {
      await c.context.close();
    }
  });

  it('on a wide screen the app stands in a centred phone-width column', async () => {
    const wide = await openPhone(browser, app.url, { width: 1280, height: 800 });
    try {
      await wide.page.goto('/#/pages/login/index');
      const box = await wide.page.locator('[data-testid=login-page]').boundingBox();
      expect(box?.width).toBeLessThanOrEqual(480);
      expect(Math.abs((box?.x ?? 0) * 2 + (box?.width ?? 0) - 1280)).toBeLessThan(4);
    } finally {
      await wide.context.close();
    }
  });
});
