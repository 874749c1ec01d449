import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore, longPress, makePng, openChat, registerInUi } from './steps.ts';

const sel = (id: string) => `[data-testid=${id}]`;
const bubbles = (page: Page, testId: string) => page.locator(`${sel('chat-page')} ${sel(testId)}`);

describe('favorites and stickers in Chromium', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let idA = 0;
  let idB = 0;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    [a, b] = [await openPhone(browser, app.url), await openPhone(browser, app.url)];
    idA = await registerInUi(a.page, uniqueAccount('fva'), 'Ana');
    idB = await registerInUi(b.page, uniqueAccount('fvb'), 'Bea');
    await befriendInStore(app, idA, idB);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('B keeps a picture and a text from the long-press menu', async () => {
    await openChat(a.page, idB);
    await a.page.setInputFiles(sel('chat-file-image'), { name: 'sky.png', mimeType: 'image/png', buffer: await makePng(a.page) });
    await a.page.fill(sel('chat-input'), 'Pick up milk');
    await a.page.click(sel('chat-send'));

    await openChat(b.page, idA);
    const picture = bubbles(b.page, 'bubble-image').last();
    await picture.waitFor();
    await longPress(b.page, picture);
    await b.page.click(sel('message-menu-favorite'));
    await b.page.getByText('已收藏').waitFor();
    const text = bubbles(b.page, 'bubble-text').filter({ hasText: 'Pick up milk' });
    await text.waitFor();
    await longPress(b.page, text);
    await b.page.click(sel('message-menu-favorite'));
  });

  it('B finds them under their categories, opens the picture in place and sends the text to A', async () => {
    // a fresh start: the friendship was made in the store, after B's friend list was first read
    await b.page.goto('/#/extend/favorites/index');
    await b.page.reload();
    const items = b.page.locator(`${sel('favorites-page')} [data-testid^=favorite-][data-kind]`);
    await expect.poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['text', 'image']);

    await b.page.click(sel('favorites-tab-image'));
    await expect.poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['image']);
    await items.first().locator(sel('favorite-open')).click();
    const picture = b.page.locator(sel('favorite-image'));
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    // a tap beside it closes the viewer
    await b.page.mouse.click(195, 40);
    await picture.waitFor({ state: 'hidden' });

    await b.page.click(sel('favorites-tab-text'));
    await expect.poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['text']);
    await items.first().locator(sel('favorite-send')).click();
    await b.page.click(sel(`picker-item-${idA}`));
    await b.page.click(sel('picker-confirm'));
    await b.page.getByText('已发送').waitFor();
    await expect.poll(() => bubbles(a.page, 'bubble-text').filter({ hasText: 'Pick up milk' }).count()).toBe(2);
  });

  it('A adds a picture B sent as a sticker and sends it from the stickers tab; the stickers page deletes one and adds from the album', async () => {
    await openChat(b.page, idA);
    await b.page.setInputFiles(sel('chat-file-image'), { name: 'cat.png', mimeType: 'image/png', buffer: await makePng(b.page) });
    const received = bubbles(a.page, 'bubble-image').last();
    await expect.poll(() => bubbles(a.page, 'bubble-image').count()).toBe(2);
    await longPress(a.page, received);
    await a.page.click(sel('message-menu-sticker'));
    await a.page.getByText('已添加到表情').waitFor();

    await a.page.click(sel('chat-emoji-toggle'));
    await a.page.click(sel('chat-emoji-tab-stickers'));
    const sticker = a.page.locator(`${sel('chat-sticker-panel')} [data-testid^=chat-sticker-]`).first();
    await sticker.click();
    await bubbles(b.page, 'bubble-emoji').first().waitFor();
    await expect.poll(() => bubbles(b.page, 'bubble-emoji').first().locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

    // the stickers page lists it and can delete it (after confirming)
    await a.page.goto('/#/pages/message/emoji');
    const tile = a.page.locator(`${sel('stickers-page')} [data-testid^=sticker-]:not(${sel('sticker-add')}):not(${sel('sticker-file')})`);
    await expect.poll(() => tile.count()).toBe(1);
    await tile.first().click();
    await a.page.click(sel('sticker-delete'));
    await a.page.click(sel('dialog-confirm'));
    await expect.poll(() => tile.count()).toBe(0);
    // and one from the album
    await a.page.setInputFiles(sel('sticker-file'), { name: 'wave.png', mimeType: 'image/png', buffer: await makePng(a.page) });
    await expect.poll(() => tile.count()).toBe(1);
  });
});
