import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeEngines, fakeTranslation, sendVoice, startFakeEngines } from '@parley/server/testing';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore, registerInUi } from './steps.ts';

/** A finger held on the element for 600 ms (touch events, as on a phone). */
async function touchHold(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(600);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('translate a message and convert a voice message to text, through engines the host runs', () => {
  let engines: FakeEngines;
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let idA = 0;
  let idB = 0;

  beforeAll(async () => {
    engines = await startFakeEngines();
    app = await startApp({ TRANSLATE_URL: engines.url, TRANSCRIBE_URL: engines.url });
    browser = await launchBrowser();
    a = await openPhone(browser, app.url);
    b = await openPhone(browser, app.url);
    idA = await registerInUi(a.page, uniqueAccount('tra'), 'Alice');
    idB = await registerInUi(b.page, uniqueAccount('trb'), 'Bob');
    await befriendInStore(app, idA, idB);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await engines?.close();
  });

  it("B translates A's message and sees the translation under it, then toggles back", async () => {
    await a.page.goto(`/#/pages/message/chat?toContactId=${idB}&is_group=0`);
    await a.page.fill('[data-testid=chat-input]', 'Good morning');
    await a.page.click('[data-testid=chat-send]');

    await b.page.goto(`/#/pages/message/chat?toContactId=${idA}&is_group=0`);
    const row = b.page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text]').filter({ hasText: 'Good morning' }).last();
    await row.waitFor();
    const msgId = ((await row.getAttribute('data-testid')) ?? '').replace('message-', '');
    await touchHold(b.page, row.locator('[data-testid=bubble-text]'));
    await b.page.click('[data-testid=message-menu-translate]');

    const translation = b.page.locator(`[data-testid=message-translation-${msgId}]`);
    await translation.locator('[data-testid=message-translation-text]').waitFor();
    // the reader's language is the page's (zh-CN here), the original stays above the translation
    expect(await translation.locator('[data-testid=message-translation-text]').textContent()).toBe(fakeTranslation('Good morning', 'zh'));
    expect(await row.locator('[data-testid=bubble-text]').textContent()).toBe('Good morning');
    const bubbleBox = await row.locator('[data-testid=bubble-text]').boundingBox();
    const translationBox = await translation.boundingBox();
    expect(translationBox && bubbleBox && translationBox.y >= bubbleBox.y + bubbleBox.height).toBe(true);

    await b.page.click('[data-testid=message-translation-hide]');
    await translation.waitFor({ state: 'detached' });
    // translating again shows the cached result without asking the engine again
    const calls = engines.calls.translate;
    await touchHold(b.page, row.locator('[data-testid=bubble-text]'));
    await b.page.click('[data-testid=message-menu-translate]');
    await translation.locator('[data-testid=message-translation-text]').waitFor();
    expect(engines.calls.translate).toBe(calls);
  });

  it("B converts A's voice message to text and can copy it", async () => {
    const token = await a.page.evaluate(() => localStorage.getItem('authToken') ?? '');
    const voiceId = await sendVoice(app.url, token, idB, randomUUID());
    const voice = b.page.locator(`[data-testid=message-${voiceId}]`);
    await voice.waitFor({ timeout: 15_000 });
    await touchHold(b.page, voice.locator('[data-testid=bubble-voice]'));
    await b.page.click('[data-testid=message-menu-transcribe]');
    const text = b.page.locator(`[data-testid=message-transcript-${voiceId}] [data-testid=message-transcript-text]`);
    await text.waitFor();
    expect(await text.textContent()).toBe('hello from the voice engine');
    await b.page.click('[data-testid=message-transcript-copy]');
    await expect.poll(() => b.page.evaluate(() => navigator.clipboard.readText())).toBe('hello from the voice engine');
  });

  it('a failing engine shows the spec message and the original stays', async () => {
    engines.mode = 'error';
    await a.page.fill('[data-testid=chat-input]', 'Second line');
    await a.page.click('[data-testid=chat-send]');
    const row = b.page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text]').filter({ hasText: 'Second line' }).last();
    await row.waitFor();
    await touchHold(b.page, row.locator('[data-testid=bubble-text]'));
    await b.page.click('[data-testid=message-menu-translate]');
    await b.page.getByText('翻译失败').waitFor();
    expect(await row.locator('[data-testid^=message-translation-]').count()).toBe(0);
    expect(await row.locator('[data-testid=bubble-text]').textContent()).toBe('Second line');
    engines.mode = 'ok';
  });
});
