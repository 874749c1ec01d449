import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGroup } from '@parley/server/testing';
import { type E2eApp, launchBrowser, openPhone, PHONE, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore, registerInUi } from './steps.ts';

const sel = (id: string) => `[data-testid=${id}]`;
const EDITOR = `${sel('group-notice-editor-input')} .ql-editor`;

type Flagged = Window & { __pwned?: number };

/** Every dialog (alert, confirm) the page opens, dismissed and remembered. */
function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  return seen;
}

/** Once settled (a sheet may still be sliding in when its content shows), the element lies inside the phone's screen. */
async function expectInViewport(page: Page, selector: string): Promise<void> {
  const outside = async () => {
    const box = await page.locator(selector).boundingBox();
    if (!box) return 'no box';
    const off = [box.x < 0 && 'left', box.y < 0 && 'top', box.x + box.width > PHONE.width + 0.5 && 'right', box.y + box.height > PHONE.height + 0.5 && 'bottom'];
    return off.filter(Boolean).join(', ');
  };
  await expect.poll(outside, { message: selector, timeout: 3_000 }).toBe('');
}

describe('rich text: the group notice editor and the help docs', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let idA = 0;
  let idB = 0;
  let gid = 0;
  let dialogsA: string[] = [];
  let dialogsB: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    [a, b] = [await openPhone(browser, app.url), await openPhone(browser, app.url)];
    dialogsA = watchDialogs(a.page);
    dialogsB = watchDialogs(b.page);
    idA = await registerInUi(a.page, uniqueAccount('rta'), 'Olivia');
    idB = await registerInUi(b.page, uniqueAccount('rtb'), 'Max');
    await befriendInStore(app, idA, idB);
    gid = await seedGroup(app.built.ctx.db, idA, [idB], {}, 'Hiking club');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("the heading picker shows its whole label in a language of long words (English read 'Normal tex')", async () => {
    await a.page.evaluate(() => localStorage.setItem('language', 'en'));
    try {
      await a.page.goto(`/#/pages/message/group/info?group_id=${gid}`);
      await a.page.reload();
      await a.page.click(sel('group-info-notice'));
      await a.page.locator(EDITOR).waitFor();
      const label = a.page.locator(`${sel('group-notice-editor-input')} .ql-header .ql-picker-label`);
      const fits = await label.evaluate((el) => {
        const text = getComputedStyle(el, '::before').content.replace(/^"|"$/g, '');
        const probe = document.createElement('span');
        probe.textContent = text;
        probe.style.font = getComputedStyle(el).font;
        document.body.append(probe);
        const textWidth = probe.getBoundingClientRect().width;
        probe.remove();
        const arrow = el.querySelector('svg')?.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        const textEnd = box.left + parseFloat(getComputedStyle(el).paddingLeft) + textWidth;
        return { text, clear: arrow ? textEnd <= arrow.left + 0.5 : false };
      });
      expect(fits).toEqual({ text: 'Normal text', clear: true });
      await expectInViewport(a.page, `${sel('group-notice-editor-input')} .ql-toolbar`);
    } finally {
      await a.page.evaluate(() => localStorage.removeItem('language'));
      await a.page.reload();
    }
  });

  it('the owner writes a notice with bold text, a list and a link; a pasted <img onerror> runs nothing; the member sees it formatted', async () => {
    await a.page.goto(`/#/pages/message/group/info?group_id=${gid}`);
    await a.page.click(sel('group-info-notice'));
    await a.page.locator(EDITOR).waitFor();
    await expectInViewport(a.page, sel('group-notice-editor'));

    // exactly the toolbar of spec §9
    const controls = await a.page.$$eval(`${sel('group-notice-editor-input')} .ql-toolbar .ql-formats > :not(select)`, (els) =>
      els.map((el) => `${el.className.split(' ')[0]}${el.getAttribute('value') ? `:${el.getAttribute('value')}` : ''}`),
    );
    expect(controls).toEqual(['ql-header', 'ql-bold', 'ql-italic', 'ql-underline', 'ql-link', 'ql-list:ordered', 'ql-list:bullet', 'ql-clean']);
    expect(await a.page.getAttribute(`${sel('group-notice-editor-input')} button.ql-bold`, 'aria-label')).toBe('粗体');

    // Bring **boots** please
    await a.page.click(EDITOR);
    await a.page.keyboard.type('Bring ');
    await a.page.click(`${sel('group-notice-editor-input')} button.ql-bold`);
    await a.page.keyboard.type('boots');
    await a.page.click(`${sel('group-notice-editor-input')} button.ql-bold`);
    await a.page.keyboard.type(' please');
    await a.page.keyboard.press('Enter');
    // a bullet list of two items
    await a.page.click(`${sel('group-notice-editor-input')} button.ql-list[value=bullet]`);
    await a.page.keyboard.type('water');
    await a.page.keyboard.press('Enter');
    await a.page.keyboard.type('snacks');
    await a.page.keyboard.press('Enter');
    await a.page.keyboard.press('Enter');
    // a link typed without its scheme gets https://
    await a.page.keyboard.type('Route map');
    for (let i = 0; i < 'map'.length; i++) await a.page.keyboard.press('Shift+ArrowLeft');
    await a.page.click(`${sel('group-notice-editor-input')} button.ql-link`);
    const linkInput = `${sel('group-notice-editor-input')} .ql-tooltip input[type=text]`;
    await a.page.locator(linkInput).waitFor();
    await expectInViewport(a.page, `${sel('group-notice-editor-input')} .ql-tooltip`);
    await a.page.fill(linkInput, 'maps.example/trip');
    await a.page.press(linkInput, 'Enter');
    await a.page.locator(`${EDITOR} a[href="https://maps.example/trip"]`).waitFor();

    // a pasted picture with an onerror handler: nothing runs, in the editor or later
    await a.page.click(EDITOR);
    await a.page.keyboard.press('Control+End');
    await a.page.evaluate((selector) => {
      const editor = document.querySelector(selector);
      const data = new DataTransfer();
      data.setData('text/html', '<p>pasted</p><img src=x onerror="window.__pwned=1;alert(1)">');
      data.setData('text/plain', 'pasted');
      editor?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, EDITOR);
    await a.page.locator(EDITOR).filter({ hasText: 'pasted' }).waitFor();
    expect(await a.page.locator(`${EDITOR} [onerror]`).count()).toBe(0);

    await a.page.click(sel('group-notice-editor-save'));
    await a.page.locator(sel('group-info-notice-text')).filter({ hasText: 'Bring boots please' }).waitFor();
    expect(await a.page.textContent(sel('group-info-notice-text'))).toContain('water');

    const stored = (await app.built.ctx.db.selectFrom('groups').select('notice').where('id', '=', gid).executeTakeFirstOrThrow()).notice;
    expect(stored).toContain('<strong>boots</strong>');
    expect(stored).toMatch(/<ul><li>water<\/li><li>snacks<\/li><\/ul>/);
    expect(stored).toContain('<a href="https://maps.example/trip" target="_blank" rel="noopener noreferrer nofollow">map</a>');
    expect(stored).not.toMatch(/onerror|<img/i);

    // the member opens the chat: the new notice shows once, formatted
    await b.page.goto(`/#/pages/message/chat?toContactId=group-${gid}&is_group=1`);
    const shown = b.page.locator(sel('group-notice-dialog'));
    await shown.waitFor();
    await expectInViewport(b.page, sel('group-notice-dialog'));
    expect(await shown.locator('strong').textContent()).toBe('boots');
    expect(await shown.locator('ul > li').allTextContents()).toEqual(['water', 'snacks']);
    expect(await shown.locator('a').getAttribute('href')).toBe('https://maps.example/trip');
    expect(await shown.locator('a').getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await shown.locator('img, [onerror]').count()).toBe(0);

    for (const page of [a.page, b.page]) expect(await page.evaluate(() => (window as Flagged).__pwned)).toBeUndefined();
    expect([...dialogsA, ...dialogsB]).toEqual([]);
    await b.page.locator('.adm-dialog .adm-dialog-button').click();
    await shown.waitFor({ state: 'detached' });
  });

  it('the display sanitizes again: a notice stored around the server (an old row) runs nothing and keeps its text', async () => {
    const raw =
      '<p>Old <b>row</b><img src="x" onerror="window.__pwned=2;alert(2)"></p><p><a href=" JaVaScRiPt:window.__pwned=3">click</a> ' +
      '<a href="tel:+8610123">call</a></p><script>window.__pwned=4</script><p onclick="window.__pwned=5" class="ql-indent-2 evil">indented</p>';
    await app.built.ctx.db.updateTable('groups').set({ notice: raw, notice_at: Date.now() }).where('id', '=', gid).execute();
    await b.page.goto(`/#/pages/message/group/info?group_id=${gid}`);
    await b.page.reload();
    await b.page.locator(sel('group-info-notice-text')).filter({ hasText: 'indented' }).waitFor();
    const shown = b.page.locator(sel('group-notice-dialog'));
    // a notice newer than the one seen opens by itself, maybe a moment after the text is drawn; else it is tapped
    const opensItself = await shown.waitFor({ timeout: 3000 }).then(
      () => true,
      () => false,
    );
    if (!opensItself) await b.page.click(sel('group-info-notice'));
    await shown.waitFor();
    expect(await shown.locator('img, script, [onerror], [onclick]').count()).toBe(0);
    expect(await shown.locator('a').first().getAttribute('href')).toBeNull();
    expect(await shown.locator('a[href="tel:+8610123"]').count()).toBe(1);
    expect(await shown.locator('p.ql-indent-2').getAttribute('class')).toBe('ql-indent-2');
    await shown.locator('a').first().click();
    expect(await b.page.evaluate(() => (window as Flagged).__pwned)).toBeUndefined();
    expect(dialogsB).toEqual([]);
    await b.page.locator('.adm-dialog .adm-dialog-button').click();
    await shown.waitFor({ state: 'detached' });
  });

  it('the help docs open in Chinese, in English and in French, and a missing article says so', async () => {
    const page = b.page;
    await page.goto('/#/pages/mine/about');
    await page.click(sel('about-help'));
    await page.locator(sel('doc-item-getting-started')).waitFor();
    expect(await page.textContent(sel('doc-item-getting-started'))).toContain('快速入门');
    await page.click(sel('doc-item-groups'));
    await page.locator(sel('doc-title')).filter({ hasText: '群聊' }).waitFor();
    expect(await page.locator(`${sel('doc-body')} h2`).count()).toBeGreaterThan(0);
    expect(await page.locator(`${sel('doc-body')} ol > li`).count()).toBeGreaterThan(0);

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/#/pages/mine/doc');
    await page.reload();
    await page.locator(sel('doc-item-privacy')).waitFor();
    expect(await page.textContent(sel('doc-item-getting-started'))).toContain('Getting started');
    await page.click(sel('doc-item-privacy'));
    await page.locator(sel('doc-title')).filter({ hasText: 'Privacy and security' }).waitFor();
    expect(await page.getAttribute(sel('doc-article'), 'data-lang')).toBe('en');

    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/#/pages/mine/doc?slug=calls');
    await page.reload();
    await page.locator(sel('doc-title')).filter({ hasText: 'Appels vocaux et vidéo' }).waitFor();
    expect(await page.getAttribute(sel('doc-article'), 'data-lang')).toBe('fr');
    expect(await page.textContent(sel('doc-article'))).not.toContain('pas encore traduit');

    await page.goto('/#/pages/mine/doc?slug=no-such-article');
    await page.locator(sel('empty-state')).filter({ hasText: 'n’existe plus' }).waitFor();
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
  });
});
