import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriendMany, seedGroup, seedUsers } from '@parley/server/testing';
import { type E2eApp, launchBrowser, openPhone, PHONE, type Phone, startApp, uniqueAccount } from './harness.ts';
import { registerInUi } from './steps.ts';

/**
 * Issues 16 and 17 in the browser: a group of 3,000 and a friend list of 10,000 at phone size stay
 * a screenful of rows in the page, load and search members page by page, and the letter bar jumps.
 */

const MEMBERS = 3000;
const FRIENDS = 10_000;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Far fewer than the lists hold: only the rows near the view are in the page. */
const MAX_MEMBER_ROWS = 100;
const MAX_FRIEND_ROWS = 200;

const sel = (id: string) => `[data-testid="${id}"]`;
const memberRows = (page: Page) => page.locator('[data-testid=group-user-list] [data-testid^=member-]:not([data-testid^=member-muted-])');
const friendRows = (page: Page) => page.locator('[data-testid=friend-list] [data-testid^=friend-item-]:not([data-testid$=-online])');

/** Whether the element lies wholly inside the visible part of `frame` (and of the phone screen). */
async function inView(element: Locator, frame: Locator): Promise<boolean> {
  const [box, view] = await Promise.all([element.boundingBox(), frame.boundingBox()]);
  if (!box || !view) return false;
  const top = Math.max(view.y, 0);
  const bottom = Math.min(view.y + view.height, PHONE.height);
  return box.y >= top - 1 && box.y + box.height <= bottom + 1;
}

/** Scrolls a list to its end as a finger would, until `target` is drawn (each end loads the next page). */
async function scrollUntil(page: Page, list: Locator, target: Locator): Promise<void> {
  const box = await list.boundingBox();
  if (!box) throw new Error('the list is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 20_000);
        return target.count();
      },
      { timeout: 60_000, interval: 150 },
    )
    .toBe(1);
}

describe('long lists: a 3,000-member group and 10,000 friends on a phone', () => {
  let app: E2eApp;
  let browser: Browser;
  let phone: Phone;
  let owner = 0;
  let members: number[] = [];
  let gid = 0;
  /** the bodies of every member-list request the page made */
  const memberRequests: Record<string, unknown>[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    phone = await openPhone(browser, app.url);
    owner = await registerInUi(phone.page, uniqueAccount('crowdowner'), 'Owner');
    const db = app.built.ctx.db;
    members = await seedUsers(db, MEMBERS - 1, uniqueAccount('gm'));
    gid = await seedGroup(db, owner, members, {}, 'Crowd');
    const friends = await seedUsers(db, FRIENDS, uniqueAccount('fr'), (i) => `${LETTERS[i % LETTERS.length]} friend ${i}`);
    await befriendMany(db, owner, friends);
    phone.page.on('request', (request) => {
      if (request.url().endsWith('/enterprise/group/groupUserList')) memberRequests.push(request.postDataJSON() ?? {});
    });
    // the app asked for its lists before the seeding: start again with what is stored now
    await phone.page.reload();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the group info page shows the first members and the count from the server', async () => {
    const page = phone.page;
    await page.goto(`/#/pages/message/group/info?group_id=${gid}`);
    const grid = page.locator(`${sel('group-member-grid')} [data-testid^=group-member-]`);
    await grid.first().waitFor();
    const shown = await grid.count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(20);
    await page.locator(sel(`group-member-${owner}`)).waitFor();
    expect(await page.textContent(sel('topbar-title'))).toContain(String(MEMBERS));
    expect(await page.textContent(sel('group-view-all'))).toContain(String(MEMBERS));
  });

  it('the member list holds a screenful of rows, scrolls to the last members page by page, and searches', async () => {
    const page = phone.page;
    await page.click(sel('group-view-all'));
    await page.waitForSelector(sel('group-user-page'));
    await page.locator(sel(`member-${owner}`)).waitFor();
    expect(await page.textContent(sel('topbar-title'))).toContain(String(MEMBERS));
    expect(await memberRows(page).count()).toBeLessThan(MAX_MEMBER_ROWS);

    // the last to join is listed last
    const list = page.locator(sel('group-user-list'));
    const last = page.locator(sel(`member-${members[members.length - 1]}`));
    await scrollUntil(page, list, last);
    await expect.poll(() => inView(last, list)).toBe(true);
    expect(await last.textContent()).toContain(`Member ${MEMBERS - 2}`);
    expect(await memberRows(page).count()).toBeLessThan(MAX_MEMBER_ROWS);
    expect(await page.locator(sel('group-user-list-loading')).count()).toBe(0);

    await page.fill(`${sel('group-user-search')} input`, 'member 2990');
    const found = page.locator(sel(`member-${members[2990]}`));
    await found.waitFor();
    await expect.poll(() => memberRows(page).count()).toBe(1);
    expect(await found.textContent()).toContain('Member 2990');
    await expect.poll(() => inView(found, list)).toBe(true);

    await page.fill(`${sel('group-user-search')} input`, 'nobody by this name');
    await page.locator(`${sel('group-user-list')} ${sel('empty-state')}`).waitFor();

    // every request was one page: nothing asked for all 3,000 at once
    expect(memberRequests.length).toBeGreaterThan(MEMBERS / 200);
    for (const body of memberRequests) expect(body.limit).toBeLessThanOrEqual(200);
  });

  it('the @ picker pages and searches the members too', async () => {
    const page = phone.page;
    await page.goto(`/#/pages/message/chat?toContactId=group-${gid}&is_group=1`);
    await page.click(sel('chat-input'));
    await page.keyboard.type('@');
    const list = page.locator(sel('mention-list'));
    await page.locator(`${sel('mention-list')} [data-testid^=mention-]`).nth(5).waitFor();
    expect(await page.locator(`${sel('mention-list')} [data-testid^=mention-]`).count()).toBeLessThan(MAX_MEMBER_ROWS);
    expect(await page.locator(sel(`mention-${owner}`)).count()).toBe(0);

    await page.locator('.adm-popup input').fill('member 2998');
    const found = page.locator(sel(`mention-${members[2998]}`));
    await found.waitFor();
    await expect.poll(() => inView(found, list)).toBe(true);
    await found.click();
    await expect.poll(() => page.inputValue(sel('chat-input'))).toContain('@Member 2998');
  });

  it('the contacts index draws few of 10,000 friends and the letter bar brings each letter to the top', async () => {
    const page = phone.page;
    await page.goto('/#/pages/contacts/index');
    await friendRows(page).first().waitFor({ timeout: 30_000 });
    expect(await friendRows(page).count()).toBeLessThan(MAX_FRIEND_ROWS);

    const scroller = page.locator(`${sel('friend-list')} > div`).first();
    for (const letter of ['Q', 'C', 'X', 'Z']) {
      await page.locator(sel(`index-bar-${letter}`)).tap();
      const header = page.locator(sel(`index-header-${letter}`));
      await expect.poll(() => inView(header, scroller), { timeout: 10_000 }).toBe(true);
      const first = page.locator(`${sel(`index-section-${letter}`)} [data-testid^=friend-item-]`).first();
      expect(await first.textContent()).toContain(`${letter} friend`);
      expect(await friendRows(page).count()).toBeLessThan(MAX_FRIEND_ROWS);
    }
    // the headers stay in their letter's block and in order
    await page.locator(sel('index-bar-Q')).tap();
    await expect.poll(() => inView(page.locator(sel('index-header-Q')), scroller)).toBe(true);
    const box = await page.locator(sel('index-header-Q')).boundingBox();
    const frame = await scroller.boundingBox();
    expect(Math.abs((box?.y ?? 0) - (frame?.y ?? 0))).toBeLessThan(2);
  });

  it('left no page errors', () => {
    expect(phone.errors).toEqual([]);
  });
});
