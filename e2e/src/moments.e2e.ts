import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, launchBrowser, openPhone, PHONE, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore, Finger, makePng, registerInUi } from './steps.ts';

const sel = (id: string) => `[data-testid=${id}]`;
const MOMENTS = '/#/pages/compass/moments';
const card = (page: Page, text: string) => page.locator(`${sel('moments-page')} article`).filter({ hasText: text });

describe('moments: a post with pictures, a like and a comment, the live notice, and a stranger who sees nothing', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let c: Phone;
  const text = 'Sunrise over the harbour';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    [a, b, c] = [await openPhone(browser, app.url), await openPhone(browser, app.url), await openPhone(browser, app.url)];
    const idA = await registerInUi(a.page, uniqueAccount('moa'), 'Ada');
    const idB = await registerInUi(b.page, uniqueAccount('mob'), 'Bo');
    await registerInUi(c.page, uniqueAccount('moc'), 'Cy');
    await befriendInStore(app, idA, idB);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('A posts a moment with two pictures from the camera button', async () => {
    await a.page.goto(MOMENTS);
    await a.page.locator(sel('empty-state')).waitFor();
    await a.page.click(sel('moments-compose'));
    await a.page.fill(`${sel('moment-compose-text')} textarea`, text);
    const png = await makePng(a.page);
    await a.page.setInputFiles(sel('moment-compose-files'), [
      { name: 'one.png', mimeType: 'image/png', buffer: png },
      { name: 'two.png', mimeType: 'image/png', buffer: png },
    ]);
    await expect.poll(() => a.page.locator(`${sel('moment-composer')} img`).count()).toBe(2);
    await a.page.click(sel('moment-compose-post'));
    const mine = card(a.page, text);
    await mine.waitFor();
    await expect.poll(() => mine.locator(`${sel('moment-images')} img`).count()).toBe(2);
  });

  it('B sees it with both pictures loaded, likes it and comments', async () => {
    await b.page.goto(MOMENTS);
    const post = card(b.page, text);
    await post.waitFor();
    // the pictures are readable by a friend (not broken images)
    await expect
      .poll(() => post.locator(`${sel('moment-images')} img`).evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)))
      .toEqual([64, 64]);
    await post.locator(sel('moment-like')).click();
    await post.locator(sel('moment-likes')).filter({ hasText: 'Bo' }).waitFor();
    await post.locator(sel('moment-comment')).click();
    await b.page.fill(`${sel('moment-comment-input')}`, 'Beautiful light');
    await b.page.locator('.adm-dialog-button').filter({ hasText: '发送' }).click();
    await post.getByText('Bo: Beautiful light').waitFor();
  });

  it('A is told live: the "2 new messages" bar on the feed, the red dot in the personal area, then the notices', async () => {
    const bar = a.page.locator(sel('moments-notice-bar'));
    await bar.waitFor();
    expect(await bar.textContent()).toBe('2条新消息');

    await a.page.goto('/#/pages/index/index');
    await a.page.click(sel('home-avatar'));
    await a.page.locator(sel('mine-moments-dot')).waitFor();
    await a.page.click(sel('mine-item-moments'));
    await a.page.click(sel('moments-notice-bar'));
    const notices = a.page.locator(sel('moment-notices'));
    await notices.getByText('Bo 评论：Beautiful light').waitFor();
    await notices.getByText('Bo 赞了你的动态').waitFor();
    await expect.poll(() => a.page.locator(sel('moments-notice-bar')).count()).toBe(0);
    // A sees B's like and comment on the post too
    await a.page.mouse.click(200, 80);
    await card(a.page, text).getByText('Bo: Beautiful light').waitFor();
  });

  it('B pulls the feed down with a finger: the spec texts show and A’s newer post comes in', async () => {
    await a.page.click(sel('moments-compose'));
    await a.page.fill(`${sel('moment-compose-text')} textarea`, 'Second coffee');
    await a.page.click(sel('moment-compose-post'));
    await card(a.page, 'Second coffee').waitFor();
    expect(await card(b.page, 'Second coffee').count()).toBe(0);

    const finger = new Finger(await b.context.newCDPSession(b.page));
    await finger.down(195, 200);
    for (let y = 210; y <= 420; y += 15) await finger.move(195, y);
    await b.page.getByText('释放立即刷新').waitFor();
    await finger.up();
    await card(b.page, 'Second coffee').waitFor();
    // the newer post is on top
    expect(await b.page.locator(`${sel('moments-page')} article`).first().textContent()).toContain('Second coffee');
  });

  it('a post whose answer was lost, posted again, is one post', async () => {
    await a.page.click(sel('moments-compose'));
    await a.page.fill(`${sel('moment-compose-text')} textarea`, 'Sunset at the pier');
    // the server stores the first try; its answer never reaches the phone
    let reached = 0;
    await a.page.route('**/enterprise/moments/post', async (route) => {
      reached++;
      await route.fetch();
      await route.abort('connectionreset').catch(() => undefined);
    });
    await a.page.click(sel('moment-compose-post'));
    await expect.poll(() => reached, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => a.page.locator(`${sel('moment-compose-post')}.adm-button-loading`).count(), { timeout: 10_000 }).toBe(0);
    await a.page.unroute('**/enterprise/moments/post');
    await a.page.click(sel('moment-compose-post'));
    await card(a.page, 'Sunset at the pier').waitFor();
    await b.page.reload();
    await card(b.page, 'Sunset at the pier').waitFor();
    expect(await card(b.page, 'Sunset at the pier').count()).toBe(1);
    expect(await card(a.page, 'Sunset at the pier').count()).toBe(1);
  });

  it("in French a post's time and actions stay whole, each on one line", async () => {
    await a.page.evaluate(() => localStorage.setItem('language', 'fr'));
    // a small phone (320 px wide): the row is too narrow for all of them
    await a.page.setViewportSize({ width: 320, height: 640 });
    await a.page.goto(MOMENTS);
    await a.page.reload();
    const like = a.page.locator(sel('moment-like')).first();
    await like.filter({ hasText: 'J’aime' }).waitFor();
    for (const item of [like, a.page.locator(sel('moment-comment')).first(), a.page.locator(sel('moment-time')).first()]) {
      const box = await item.boundingBox();
      expect(box && box.height).toBeLessThan(24);
    }
    await a.page.evaluate(() => localStorage.removeItem('language'));
    await a.page.setViewportSize(PHONE);
    await a.page.reload();
  });

  it('C, who is not A’s friend, sees none of it', async () => {
    await c.page.goto(MOMENTS);
    await c.page.locator(sel('empty-state')).waitFor();
    expect(await card(c.page, text).count()).toBe(0);
  });
});
