import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workService } from '@parley/server/testing';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore, registerInUi } from './steps.ts';

const sel = (id: string) => `[data-testid=${id}]`;

describe('the work area: goods and a shared customer record', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let c: Phone;
  let idA = 0;
  let idB = 0;

  beforeAll(async () => {
    app = await startApp();
    const work = workService(app.built.ctx.db);
    await work.addGood({ name: 'Cloud seat', category: 'software', price: '99', description: 'One seat of the cloud suite.' });
    await work.addGood({ name: 'Support plan', category: 'service', price: '1200.5', description: 'Help when you need it.' });
    await work.addGood({ name: 'Cloud storage', category: 'software', price: '10', description: '1 TB.' });
    browser = await launchBrowser();
    [a, b, c] = [await openPhone(browser, app.url), await openPhone(browser, app.url), await openPhone(browser, app.url)];
    idA = await registerInUi(a.page, uniqueAccount('wka'), 'Alice');
    idB = await registerInUi(b.page, uniqueAccount('wkb'), 'Bob');
    await registerInUi(c.page, uniqueAccount('wkc'), 'Carol');
    await befriendInStore(app, idA, idB);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('A opens the goods list from Work, searches, opens one and shares it to B; B taps the card and sees the detail', async () => {
    await a.page.goto('/#/');
    await a.page.click(sel('home-avatar'));
    await a.page.click(sel('mine-item-work'));
    await a.page.click(sel('work-goods'));
    await a.page.waitForSelector(sel('golist-page'));
    await a.page.locator('[data-testid=golist-item-2]').waitFor();
    await a.page.fill(sel('golist-search'), 'cloud');
    await a.page.press(sel('golist-search'), 'Enter');
    await expect.poll(() => a.page.locator('[data-testid^=golist-item-]').allTextContents()).toEqual([expect.stringContaining('Cloud seat'), expect.stringContaining('Cloud storage')]);
    await a.page.click(sel('golist-item-1'));
    await a.page.waitForSelector(sel('goinfo-name'));
    expect(await a.page.textContent(sel('goinfo-price'))).toBe('¥99.00');
    expect(await a.page.textContent(sel('goinfo-description'))).toBe('One seat of the cloud suite.');

    // share to B: B taps the card in the chat and sees the detail
    await a.page.click(sel('goinfo-share'));
    await a.page.click(sel(`picker-item-${idB}`));
    await a.page.click(sel('picker-confirm'));
    await a.page.waitForSelector(sel('goinfo-name'));
    await b.page.goto(`/#/pages/message/chat?toContactId=${idA}&is_group=0`);
    const card = b.page.locator('[data-testid=chat-page] [data-type=good] [data-testid=bubble-good]');
    await card.waitFor();
    expect(await card.textContent()).toContain('Cloud seat');
    await card.click();
    await b.page.waitForSelector(sel('goinfo-name'));
    expect(await b.page.textContent(sel('goinfo-name'))).toBe('Cloud seat');
    expect(await b.page.textContent(sel('goinfo-price'))).toBe('¥99.00');
  });

  it('A creates a customer: an empty required field shows its message, a total of 90 is flagged; saved with B 40 and A 60', async () => {
    await a.page.goto('/#/pages/work/list?type=customer');
    await a.page.click(sel('work-new'));
    await a.page.waitForSelector(sel('dynamic-form'));
    await a.page.click(sel('work-save'));
    // the default form in the reader's language: its names, options and notes (they stayed English)
    expect(await a.page.textContent(sel('field-error-name'))).toBe('客户名称不能为空');
    expect(await a.page.textContent(sel('field-name'))).toContain('客户名称');
    expect(await a.page.inputValue(`${sel('field-code')} input`)).toBe('稍后分配');

    await a.page.fill(`${sel('field-name')} input`, 'ACME');
    await a.page.click(sel('option-level-B'));
    await a.page.getByText('官网', { exact: true }).click();
    // a disabled field is read-only; a relevant one appears only for level A
    expect(await a.page.getAttribute(sel('field-code'), 'data-disabled')).toBe('1');
    expect(await a.page.locator(sel('field-level_note')).count()).toBe(0);

    await a.page.click(sel('proportions-add'));
    await a.page.click(sel(`picker-item-${idB}`));
    await a.page.click(sel('picker-confirm'));
    await a.page.waitForSelector(sel(`proportion-${idB}`));
    expect(await a.page.inputValue(`${sel('field-name')} input`)).toBe('ACME');
    await a.page.fill(`${sel(`proportion-input-${idA}`)} input`, '50');
    await a.page.fill(`${sel(`proportion-input-${idB}`)} input`, '40');
    expect(await a.page.getAttribute(sel('proportions-total'), 'data-flagged')).toBe('1');
    await a.page.click(sel('work-save'));
    await a.page.waitForSelector(sel('field-error-shares'));
    await a.page.fill(`${sel(`proportion-input-${idA}`)} input`, '60');
    expect(await a.page.getAttribute(sel('proportions-total'), 'data-flagged')).toBe('0');
    await a.page.click(sel('work-save'));
    await a.page.waitForSelector(sel('work-record-creator'));
  });

  it('B sees the record; C does not', async () => {
    await b.page.goto('/#/pages/work/list?type=customer');
    const row = b.page.locator('[data-testid^=work-record-]').filter({ hasText: 'ACME' });
    await row.waitFor();
    await row.click();
    await b.page.waitForSelector(sel('work-record-creator'));
    expect(await b.page.locator(sel('work-save')).count()).toBe(0);
    expect(await b.page.inputValue(`${sel('field-name')} input`)).toBe('ACME');

    await c.page.goto('/#/pages/work/list?type=customer');
    await c.page.waitForSelector(sel('work-list-page'));
    await c.page.getByText('暂无记录').waitFor();
    expect(await c.page.locator('[data-testid^=work-record-]').count()).toBe(0);
  });
});
