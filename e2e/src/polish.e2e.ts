import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMessage, seedGroup } from '@parley/server/testing';
import { type E2eApp, launchBrowser, openPhone, PHONE, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore, Finger, openChat, PASSWORD, registerInUi } from './steps.ts';

/** Defects a new user hit (issue 15), checked the way a phone does them: geometry and real touch events. */

const centre = async (page: Page, selector: string) => {
  const box = await page.locator(selector).last().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** A small PNG of one colour, drawn by the browser. */
async function pngOf(page: Page, colour: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 80;
    canvas.height = 60;
    const g = canvas.getContext('2d');
    if (g) {
      g.fillStyle = fill;
      g.fillRect(0, 0, 80, 60);
    }
    return canvas.toDataURL('image/png').split(',')[1];
  }, colour);
  return Buffer.from(base64, 'base64');
}

describe('polish: what a new user ran into', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let finger: Finger;
  let idA = 0;
  let idB = 0;
  let tokenB = '';
  let tokenA = '';

  /** Bob sends Alice something through the HTTP API. */
  const bobSends = async (body: Record<string, unknown>) => {
    const answer = await a.context.request.post(`${app.url}/enterprise/im/sendMessage`, {
      headers: { Authorization: tokenB },
      data: { id: randomUUID(), toContactId: idA, is_group: 0, ...body },
    });
    const json = (await answer.json()) as { code: number; msg: string; data: { msg_id: number } };
    expect(json.code, json.msg).toBe(0);
    return json.data.msg_id;
  };

  const bobSendsPhoto = async (colour: string) => {
    const upload = await a.context.request.post(`${app.url}/common/upload/uploadFile`, {
      headers: { Authorization: tokenB },
      multipart: { file: { name: `${colour.slice(1)}.png`, mimeType: 'image/png', buffer: await pngOf(a.page, colour) } },
    });
    const file = (await upload.json()) as { data: { id?: number; file_id?: number } };
    return bobSends({ type: 'image', file_id: file.data.file_id ?? file.data.id, extends: { width: 80, height: 60 } });
  };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    a = await openPhone(browser, app.url, PHONE);
    finger = new Finger(await a.context.newCDPSession(a.page));
    idA = await registerInUi(a.page, uniqueAccount('pola'), 'Alice');
    tokenA = await a.page.evaluate(() => localStorage.getItem('authToken') ?? '');
    const answer = await a.context.request.post(`${app.url}/common/pub/register`, {
      data: { account: uniqueAccount('polb'), nickname: 'Bob', password: PASSWORD, repassword: PASSWORD },
    });
    const body = (await answer.json()) as { data: { authToken: string; userInfo: { user_id: number } } };
    idB = body.data.userInfo.user_id;
    tokenB = body.data.authToken;
    await befriendInStore(app, idA, idB);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the profile page asks for my QR code at most once in 10 s', async () => {
    let asked = 0;
    const count = (url: string) => {
      if (url.includes('myQrcode')) asked++;
    };
    a.page.on('request', (r) => count(r.url()));
    await a.page.goto('/#/pages/mine/profile');
    await a.page.locator('[data-testid=profile-qrcode]').waitFor();
    await a.page.waitForTimeout(10_000);
    a.page.removeAllListeners('request');
    expect(asked).toBeLessThanOrEqual(1);
  });

  it('the long-press menu stays open after the finger lifts', async () => {
    await bobSends({ type: 'text', content: 'hold me' });
    await openChat(a.page, idB);
    const bubble = '[data-testid=chat-page] [data-testid=bubble-text]';
    await a.page.locator(bubble).filter({ hasText: 'hold me' }).waitFor();
    const at = await centre(a.page, bubble);
    await finger.down(at.x, at.y);
    await a.page.locator('[data-testid=message-menu]').waitFor();
    await a.page.waitForTimeout(200);
    await finger.up();
    await a.page.waitForTimeout(600);
    expect(await a.page.locator('[data-testid=message-menu-copy]').isVisible()).toBe(true);
    // A tap on the backdrop still closes it.
    await finger.down(20, 20);
    await finger.up();
    await a.page.locator('[data-testid=message-menu]').waitFor({ state: 'detached' });
  });

  it('the photo viewer covers the viewport and a swipe shows the next photo', async () => {
    await bobSendsPhoto('#07c160');
    await bobSendsPhoto('#1677ff');
    const photos = a.page.locator('[data-testid=chat-page] [data-testid=bubble-image] img');
    await expect.poll(() => photos.count()).toBe(2);
    const at = await centre(a.page, '[data-testid=chat-page] [data-testid=bubble-image] >> nth=0');
    await finger.down(at.x, at.y);
    await finger.up();
    const viewer = a.page.locator('[data-testid=image-viewer]');
    await viewer.waitFor();
    expect(await viewer.getAttribute('data-index')).toBe('0');
    const mask = await a.page.locator('.adm-image-viewer-mask, .adm-mask').last().boundingBox();
    expect(mask).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    // opaque: the chat's title showed through, behind the photo counter
    expect(await a.page.locator('.adm-mask').last().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
    const content = await a.page.locator('.adm-image-viewer-content').boundingBox();
    expect(content).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });

    const y = PHONE.height / 2;
    await finger.down(320, y);
    for (const x of [280, 220, 160, 100, 60]) await finger.move(x, y);
    await finger.up();
    await expect.poll(() => viewer.getAttribute('data-index')).toBe('1');
    await a.page.click('[data-testid=image-close]');
    await viewer.waitFor({ state: 'detached' });

    // Back closes the viewer and stays in the chat, as on a phone (it left the chat); closed by its
    // button, the viewer leaves no step behind: Back then leaves the chat
    const chatUrl = a.page.url();
    await a.page.locator('[data-testid=chat-page] [data-testid=bubble-image] >> nth=0').click();
    await viewer.waitFor();
    await a.page.goBack();
    await viewer.waitFor({ state: 'detached' });
    expect(a.page.url()).toBe(chatUrl);
    await a.page.locator('[data-testid=chat-page]').waitFor();
    await a.page.goBack();
    await expect.poll(() => a.page.url()).not.toBe(chatUrl);
  });

  /** The HTTP API as someone (answers `data`). */
  const call = async (token: string, path: string, body: Record<string, unknown>) => {
    const answer = await a.context.request.post(`${app.url}${path}`, { headers: { Authorization: token }, data: body });
    const json = (await answer.json()) as { code: number; msg: string; data: any };
    expect(json.code, json.msg).toBe(0);
    return json.data;
  };

  it('routes opened without their parameters say so and offer the way back', async () => {
    const routes = [
      '/pages/message/record',
      '/pages/message/detail',
      '/pages/message/chat',
      '/pages/message/group/info',
      '/pages/message/group/groupUser',
      '/pages/index/qrcode',
      '/pages/contacts/detail',
      '/pages/message/video',
      '/pages/mine/webview',
      '/pages/message/redPacket',
      '/pages/message/redPacketDetail',
      '/pages/goinfo/goinfo',
      // opened with what the server does not know: its refusal, not a spinner or a network excuse
      '/pages/message/redPacketDetail?msg_id=999999',
      '/pages/message/chat?toContactId=99999&is_group=0',
    ];
    for (const route of routes) {
      await a.page.goto(`/#${route}`);
      await a.page.locator('[data-testid=missing-target]').waitFor({ timeout: 8000 });
      expect(await a.page.locator('[data-testid=missing-target-back]').isVisible(), route).toBe(true);
    }
    // a chat with nobody offers no input to type into, nor its details
    expect(await a.page.locator('[data-testid=chat-page] [data-testid=chat-input]').count()).toBe(0);
    expect(await a.page.locator('[data-testid=chat-detail]').count()).toBe(0);
    // the chat-info page offers no switches for nobody (Pin answered raw validation text)
    await a.page.goto('/#/pages/message/detail');
    await a.page.locator('[data-testid=missing-target]').waitFor();
    expect(await a.page.locator('[data-testid=detail-top]').count()).toBe(0);
    await a.page.click('[data-testid=missing-target-back]');
    await a.page.waitForSelector('[data-testid=home-page]');
  });

  it("the chat with myself (File Transfer) offers no red packet or call, which only failed there", async () => {
    await a.page.goto(`/#/pages/message/chat?toContactId=${idA}&is_group=0`);
    await a.page.click('[data-testid=chat-more-toggle]');
    await a.page.locator('[data-testid=chat-more-image]').waitFor();
    for (const item of ['redpacket', 'voiceCall', 'videoCall']) expect(await a.page.locator(`[data-testid=chat-more-${item}]`).count(), item).toBe(0);
    await a.page.goto(`/#/pages/message/chat?toContactId=${idB}&is_group=0`);
    await a.page.click('[data-testid=chat-more-toggle]');
    for (const item of ['redpacket', 'voiceCall', 'videoCall']) await a.page.locator(`[data-testid=chat-more-${item}]`).waitFor();
  });

  it('the history page shows a friendship event once, as a notice in my language, credited to nobody', async () => {
    await postMessage(app.built.ctx, { fromUser: idB, toContactId: idA, isGroup: false, type: 'event', content: 'You are now friends', extends: { event: 'friendAdded' } });
    await a.page.goto(`/#/pages/message/record?toContactId=${idB}&is_group=0&name=Bob`);
    const notice = a.page.locator('[data-testid=record-list] [data-notice="1"]');
    await notice.first().waitFor();
    expect(await notice.count()).toBe(1);
    expect(await notice.textContent()).toMatch(/^你们已经是好友了，开始聊天吧/);
    expect(await notice.locator('img, [data-testid^=avatar]').count()).toBe(0);
    expect(await notice.textContent()).not.toContain('Bob');
  });

  it('a received location is worded for me: "Bob\'s location", and mine is stored without my language\'s words', async () => {
    await bobSends({ type: 'location', content: { lat: 31.2, lng: 121.5, origin: 'current', address: '31.20000, 121.50000' } });
    await openChat(a.page, idB);
    const place = a.page.locator('[data-testid=chat-page] [data-testid=bubble-location]').last();
    await place.waitFor();
    expect(await place.textContent()).toContain('Bob的位置');
    expect(await place.textContent()).not.toContain('我的位置');
    // Alice shares hers through the picker: Bob's app gets facts, not Alice's words
    await a.page.click('[data-testid=chat-more-toggle]');
    await a.page.click('[data-testid=chat-more-location]');
    await a.page.locator('[data-testid=location-picker]').waitFor();
    await a.page.click('[data-testid=location-send-current]');
    await expect.poll(async () => (await a.page.locator('[data-testid=chat-page] [data-testid=bubble-location]').count())).toBe(2);
    const mine = a.page.locator('[data-testid=chat-page] [data-testid=bubble-location]').last();
    await expect.poll(() => mine.textContent()).toContain('我的位置');
    const list = (await call(tokenB, '/enterprise/im/getMessageList', { toContactId: idA, type: 'location' })) as { extends: Record<string, unknown> }[];
    const stored = list[list.length - 1].extends;
    expect(stored.origin).toBe('current');
    expect(stored.name).toBe('');
  });

  it('a merged forward is worded in the reader\'s language and its photo opens for the new recipient', async () => {
    const carol = (await (
      await a.context.request.post(`${app.url}/common/pub/register`, {
        data: { account: uniqueAccount('polc'), nickname: 'Carol', password: PASSWORD, repassword: PASSWORD },
      })
    ).json()) as { data: { authToken: string; userInfo: { user_id: number } } };
    await befriendInStore(app, idA, carol.data.userInfo.user_id);
    const photoId = await bobSendsPhoto('#ff8800');
    const [made] = await call(tokenA, '/enterprise/im/forwardMessage', { msg_ids: [photoId], user_ids: [carol.data.userInfo.user_id, idB], merge: 1 });
    // Carol opens the photo inside the forward with her own link
    const list = (await call(carol.data.authToken, '/enterprise/im/getMessageList', { toContactId: idA, last_msg_id: made.msg_id - 1 })) as {
      extends: { items: { file: { url: string } }[] };
    }[];
    const url = list[0].extends.items[0].file.url;
    const photo = await a.context.request.get(`${app.url}${url}`);
    expect(photo.status()).toBe(200);
    // Alice reads her copy to Bob in English
    await a.page.evaluate(() => localStorage.setItem('language', 'en'));
    await openChat(a.page, idB);
    await a.page.reload();
    const card = a.page.locator('[data-testid=chat-page] [data-testid=bubble-forward]').last();
    await card.waitFor();
    expect(await card.textContent()).toContain('Chat history of Bob');
    expect(await card.textContent()).toContain('Bob: [Photo]');
    expect(await card.textContent()).not.toMatch(/聊天记录|图片/);
    await card.click();
    await a.page.locator('[data-testid=forward-history] [data-testid=forward-item-photo] img').waitFor();
    await a.page.evaluate(() => localStorage.setItem('language', 'zh'));
  });

  it('the author of a group notice does not get it as a popup', async () => {
    const gid = await seedGroup(app.built.ctx.db, idA, [idB], {}, 'Notice club');
    await a.page.goto(`/#/pages/message/group/info?group_id=${gid}`);
    await a.page.click('[data-testid=group-info-notice]');
    await a.page.fill('[data-testid=group-notice-editor-input] .ql-editor', 'Meet at nine');
    await a.page.click('[data-testid=group-notice-editor-save]');
    await a.page.locator('[data-testid=group-info-notice-text]').filter({ hasText: 'Meet at nine' }).waitFor();
    await a.page.waitForTimeout(1500);
    expect(await a.page.locator('[data-testid=group-notice-dialog]').count()).toBe(0);
    // nor when opening the chat afterwards
    await a.page.goto(`/#/pages/message/chat?toContactId=group-${gid}&is_group=1`);
    await a.page.waitForSelector('[data-testid=chat-page] [data-testid=chat-scroller]');
    await a.page.waitForTimeout(1000);
    expect(await a.page.locator('[data-testid=group-notice-dialog]').count()).toBe(0);
  });

  it('About sends the build number, so an update can be reported', async () => {
    const asked = a.page.waitForRequest((r) => r.url().includes('/common/pub/checkVersion'));
    await a.page.goto('/#/pages/mine/about');
    await a.page.click('[data-testid=about-check-update]');
    const body = (await asked).postDataJSON() as Record<string, unknown>;
    expect(typeof body.versionCode).toBe('number');
  });

  /**
   * A long press with a real finger on a bubble, then a menu item. The bubble is brought to the middle
   * of the list and pressed once it stopped moving (a reloaded chat still settles as its newest page
   * arrives, later on a busy machine); a press that lands while the list moves under it is pressed again,
   * as a person would.
   */
  const pressAndPick = async (selector: string, item: string) => {
    const bubble = a.page.locator(selector).last();
    const menu = a.page.locator('[data-testid=message-menu]');
    for (let attempt = 1; ; attempt++) {
      await bubble.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      let before = await bubble.boundingBox();
      for (;;) {
        await a.page.waitForTimeout(250);
        const now = await bubble.boundingBox();
        if (now && before && now.x === before.x && now.y === before.y) break;
        before = now;
      }
      const at = await centre(a.page, selector);
      await finger.down(at.x, at.y);
      try {
        await menu.waitFor({ timeout: 5_000 });
        break;
      } catch (error) {
        await finger.up();
        if (attempt === 3) throw error;
      }
    }
    await a.page.waitForTimeout(100);
    await finger.up();
    await a.page.click(`[data-testid=message-menu-${item}]`);
  };

  it('a quote-reply: the menu quotes, the reply shows the quote, and a tap on it scrolls to the quoted message', async () => {
    await a.page.evaluate(() => localStorage.setItem('language', 'en'));
    const quotedId = await bobSends({ type: 'text', content: 'Which train do we take?' });
    for (let i = 0; i < 14; i++) await bobSends({ type: 'text', content: `filler ${i}` });
    await openChat(a.page, idB);
    await a.page.reload();
    await a.page.waitForSelector('[data-testid=chat-page] [data-testid=chat-scroller]');
    const target = a.page.locator(`[data-testid=message-${quotedId}]`);
    await pressAndPick(`[data-testid=message-${quotedId}] [data-testid=bubble-text]`, 'quote');
    await a.page.locator('[data-testid=chat-quote-draft]').filter({ hasText: 'Bob: Which train do we take?' }).waitFor();
    await a.page.fill('[data-testid=chat-input]', 'The 9:12 one');
    await a.page.click('[data-testid=chat-send]');
    const reply = a.page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text]').filter({ hasText: 'The 9:12 one' }).last();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('sent');
    const strip = reply.locator('[data-testid^=message-quote-]');
    expect(await strip.textContent()).toBe('Bob: Which train do we take?');
    expect(await strip.getAttribute('data-quote-id')).toBe(String(quotedId));
    expect(await a.page.locator('[data-testid=chat-quote-draft]').count()).toBe(0);
    // Bob's copy carries the checked quote
    const seen = (await call(tokenB, '/enterprise/im/getMessageList', { toContactId: idA, last_msg_id: quotedId })) as { content: string; extends: { quote?: { msg_id: number } } }[];
    expect(seen.find((m) => m.content === 'The 9:12 one')?.extends.quote?.msg_id).toBe(quotedId);
    // the quoted message is out of view; a tap on the quote brings it back
    const scroller = a.page.locator('[data-testid=chat-page] [data-testid=chat-scroller]');
    const inView = async () => {
      const box = await target.boundingBox();
      const view = await scroller.boundingBox();
      return Boolean(box && view && box.y >= view.y && box.y + box.height <= view.y + view.height);
    };
    expect(await inView()).toBe(false);
    const tap = await centre(a.page, `[data-testid=message-quote-${await reply.getAttribute('data-testid').then((id) => id?.replace('message-', ''))}]`);
    await finger.down(tap.x, tap.y);
    await finger.up();
    await expect.poll(inView).toBe(true);
    // Bob recalls the question: the reply no longer shows its words, live and after a reload
    await call(tokenB, '/enterprise/im/undoMessage', { id: quotedId });
    await expect.poll(() => strip.textContent(), { timeout: 10_000 }).toBe('The quoted message was recalled');
    await a.page.reload();
    await reply.waitFor();
    expect(await reply.locator('[data-testid^=message-quote-]').textContent()).toBe('The quoted message was recalled');
  });

  it('what I call Bob (my remark for him) names him in his recall notice and in a quote of his words', async () => {
    await call(tokenA, '/enterprise/friend/setNickname', { id: idB, nickname: 'Bobby' });
    // the friend list, as the contacts tab loads it
    await a.page.goto('/#/pages/contacts/index');
    await a.page.reload();
    await a.page.getByText('Bobby').first().waitFor();
    const asked = await bobSends({ type: 'text', content: 'Tea or coffee?' });
    const gone = await bobSends({ type: 'text', content: 'never mind' });
    await call(tokenB, '/enterprise/im/undoMessage', { id: gone });
    await openChat(a.page, idB);
    await a.page.locator(`[data-testid=message-${gone}]`).filter({ hasText: 'Bobby' }).waitFor();
    await pressAndPick(`[data-testid=message-${asked}] [data-testid=bubble-text]`, 'quote');
    await a.page.fill('[data-testid=chat-input]', 'Tea');
    await a.page.click('[data-testid=chat-send]');
    const reply = a.page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text]').filter({ hasText: 'Tea' }).last();
    await expect.poll(() => reply.locator('[data-testid^=message-quote-]').textContent()).toBe('Bobby: Tea or coffee?');
    await call(tokenA, '/enterprise/friend/setNickname', { id: idB, nickname: '' });
  });

  /** Back from the chat with Bob by the arrow; his row on my chat list shows `shows` and not `notShows`. */
  const backToRowOfBob = async ({ shows, notShows }: { shows: string; notShows: string }) => {
    await a.page.click('[data-testid=chat-page] [data-testid=topbar-back]');
    const row = a.page.locator(`[data-testid=chat-row-${idB}]`);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain(shows);
    expect(await row.textContent()).not.toContain(notShows);
  };

  it('re-edit: my recalled text comes back into the field from the recall notice', async () => {
    await a.page.fill('[data-testid=chat-input]', 'Meet at the wrong place');
    await a.page.click('[data-testid=chat-send]');
    const sent = a.page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text]').filter({ hasText: 'Meet at the wrong place' }).last();
    await expect.poll(() => sent.getAttribute('data-status')).toBe('sent');
    const msgId = ((await sent.getAttribute('data-testid')) ?? '').replace('message-', '');
    await pressAndPick(`[data-testid=message-${msgId}] [data-testid=bubble-text]`, 'recall');
    const reedit = a.page.locator(`[data-testid=message-reedit-${msgId}]`);
    await reedit.waitFor();
    expect(await reedit.textContent()).toBe('Re-edit');
    await reedit.click();
    expect(await a.page.inputValue('[data-testid=chat-input]')).toBe('Meet at the wrong place');
    await a.page.fill('[data-testid=chat-input]', '');
    // my own chat list no longer shows the recalled text (the recall's push skips this device)
    await backToRowOfBob({ shows: 'recalled', notShows: 'Meet at the wrong place' });
  });

  it('deleting the last message for me: the chat list row shows the one before', async () => {
    await openChat(a.page, idB);
    for (const text of ['kept line', 'line to delete']) {
      await a.page.fill('[data-testid=chat-input]', text);
      await a.page.click('[data-testid=chat-send]');
    }
    const last = a.page.locator('[data-testid=chat-page] [data-testid^=message-][data-type=text]').filter({ hasText: 'line to delete' }).last();
    await expect.poll(() => last.getAttribute('data-status')).toBe('sent');
    const msgId = ((await last.getAttribute('data-testid')) ?? '').replace('message-', '');
    await pressAndPick(`[data-testid=message-${msgId}] [data-testid=bubble-text]`, 'delete');
    await a.page.locator('.adm-dialog .adm-dialog-button').filter({ hasText: 'Delete' }).click();
    await last.waitFor({ state: 'detached' });
    await backToRowOfBob({ shows: 'kept line', notShows: 'line to delete' });
  });

  it('a draft survives a reload and shows as "[Draft] …" in the chat list', async () => {
    await openChat(a.page, idB);
    await a.page.fill('[data-testid=chat-input]', 'half a thought');
    await a.page.reload();
    await a.page.waitForSelector('[data-testid=chat-page] [data-testid=chat-input]');
    expect(await a.page.inputValue('[data-testid=chat-input]')).toBe('half a thought');
    await a.page.goto('/#/');
    const mark = a.page.locator(`[data-testid=chat-row-draft-${idB}]`);
    await mark.waitFor();
    expect(await mark.textContent()).toBe('[Draft]');
    expect(await a.page.locator(`[data-testid=chat-row-${idB}]`).textContent()).toContain('[Draft]half a thought');
    // sending it clears the draft
    await openChat(a.page, idB);
    await a.page.click('[data-testid=chat-send]');
    await a.page.goto('/#/');
    await a.page.locator(`[data-testid=chat-row-${idB}]`).filter({ hasText: 'half a thought' }).waitFor();
    expect(await mark.count()).toBe(0);
    await a.page.evaluate(() => localStorage.setItem('language', 'zh'));
  });

  it('the forward picker lists recent chats first and sends an optional message along', async () => {
    const msgId = await bobSends({ type: 'text', content: 'Pass this on' });
    await openChat(a.page, idB);
    await a.page.locator(`[data-testid=message-${msgId}]`).waitFor();
    await pressAndPick(`[data-testid=message-${msgId}] [data-testid=bubble-text]`, 'forward');
    const recent = a.page.locator('[data-testid=picker-recent] [data-testid^=picker-recent-]');
    await recent.first().waitFor();
    // Bob is the newest chat: first among the recent ones, above the groups and the contacts
    expect(await recent.first().getAttribute('data-testid')).toBe(`picker-recent-${idB}`);
    await recent.first().click();
    await a.page.click('[data-testid=picker-confirm]');
    await a.page.locator('[data-testid=forward-note] input').fill('FYI');
    await a.page.click('[data-testid=dialog-confirm]');
    await a.page.waitForSelector('[data-testid=chat-page]');
    await expect
      .poll(async () => ((await call(tokenB, '/enterprise/im/getMessageList', { toContactId: idA, last_msg_id: msgId })) as { content: string }[]).map((m) => m.content))
      .toEqual(['Pass this on', 'FYI']);
  });

  it('chat info and devices say when, relatively ("just now")', async () => {
    await a.page.evaluate(() => localStorage.setItem('language', 'en'));
    await a.page.goto(`/#/pages/message/detail?toContactId=${idB}&is_group=0&name=Bob`);
    await a.page.reload();
    await expect.poll(() => a.page.locator('[data-testid=detail-last-time]').textContent()).toMatch(/^(just now|\d+ minutes? ago)$/);
    await a.page.goto('/#/pages/mine/secure');
    await expect.poll(() => a.page.locator('[data-testid=secure-page], body').first().textContent()).toContain('Last used just now');
    await a.page.evaluate(() => localStorage.setItem('language', 'zh'));
  });
});
