import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemService } from '@parley/server/testing';
import { type E2eApp, launchBrowser, openPhone, type Phone, startApp, uniqueAccount } from './harness.ts';
import { befriendInStore as befriend, openChat, registerInUi as register, waitBound } from './steps.ts';

/**
 * Voice and video calls between real Chromium contexts (fake camera and microphone, loopback host
 * candidates, no ICE servers): connect, media flows, mute and camera-off, and every way a call ends
 * leaving its record in the chat of both sides.
 */

type CallWindow = Window & { __parleyCall?: { senders(): { kind: string | null; enabled: boolean; live: boolean }[] } };

async function callFromChat(page: Page, peerId: number, media: 'voice' | 'video'): Promise<void> {
  await openChat(page, peerId);
  await page.click('[data-testid=chat-more-toggle]');
  await page.click(`[data-testid=chat-more-${media}Call]`);
}

const phase = (page: Page) => page.locator('[data-testid=call-screen]').getAttribute('data-phase');

async function waitActive(page: Page): Promise<void> {
  await expect.poll(() => phase(page), { timeout: 20_000 }).toBe('active');
}

/** The remote video has frames and its clock moves. */
async function remoteVideoPlays(page: Page): Promise<void> {
  const video = page.locator('[data-testid=call-remote-video]');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(first + 0.3);
}

const senders = (page: Page) => page.evaluate(() => (window as CallWindow).__parleyCall?.senders() ?? []);

/** The newest call record in the open chat with `peerId`. */
async function lastRecord(page: Page, peerId: number) {
  await openChat(page, peerId);
  const bubble = page.locator('[data-testid=chat-page] [data-testid=bubble-call]').last();
  await bubble.waitFor({ timeout: 15_000 });
  return bubble;
}

async function expectRecord(page: Page, peerId: number, outcome: string, media: string, text: RegExp): Promise<void> {
  await openChat(page, peerId);
  const bubble = page.locator(`[data-testid=chat-page] [data-testid=bubble-call][data-outcome=${outcome}][data-media=${media}]`).last();
  await bubble.waitFor({ timeout: 15_000 });
  expect(await bubble.textContent()).toMatch(text);
}

/** `caller` calls `calleeId` (on `callee`) by voice from their chat, and the callee answers: both screens are connected. */
async function voiceCallAnswered(caller: Page, callee: Page, calleeId: number): Promise<void> {
  await callFromChat(caller, calleeId, 'voice');
  await callee.locator('[data-testid=call-incoming]').waitFor({ timeout: 15_000 });
  await callee.click('[data-testid=call-accept]');
  await waitActive(caller);
  await waitActive(callee);
}

/** Leaves the call screen behind (it closes itself about 1.5 s after the end). */
async function waitCallGone(page: Page): Promise<void> {
  await page.locator('[data-testid=call-screen]').waitFor({ state: 'detached', timeout: 15_000 });
}

describe('calls: two phones over WebRTC', () => {
  let app: E2eApp;
  let browser: Browser;
  let a: Phone;
  let b: Phone;
  let c: Phone;
  let idA = 0;
  let idB = 0;
  let idC = 0;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    a = await openPhone(browser, app.url);
    b = await openPhone(browser, app.url);
    c = await openPhone(browser, app.url);
    idA = await register(a.page, uniqueAccount('calla'), 'Alice');
    idB = await register(b.page, uniqueAccount('callb'), 'Bob');
    idC = await register(c.page, uniqueAccount('callc'), 'Carol');
    await befriend(app, idA, idB);
    await befriend(app, idC, idB);
    for (const phone of [a, b, c]) {
      await phone.page.reload();
      await waitBound(phone.page);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a video call connects both ways; mute and camera-off act on the sending tracks; hanging up leaves "Duration" on both sides', async () => {
    await callFromChat(a.page, idB, 'video');
    await expect.poll(() => phase(a.page)).toBe('outgoing');
    const incoming = b.page.locator('[data-testid=call-incoming]');
    await incoming.waitFor({ timeout: 15_000 });
    expect(await b.page.locator('[data-testid=call-incoming-name]').textContent()).toContain('Alice');
    // the incoming screen covers the viewport
    const box = await incoming.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await b.page.click('[data-testid=call-accept]');

    await waitActive(a.page);
    await waitActive(b.page);
    await remoteVideoPlays(a.page);
    await remoteVideoPlays(b.page);

    const before = await senders(a.page);
    expect(before.map((s) => [s.kind, s.enabled]).sort()).toEqual([
      ['audio', true],
      ['video', true],
    ]);
    await a.page.click('[data-testid=call-mute]');
    await a.page.click('[data-testid=call-camera]');
    await expect
      .poll(async () => (await senders(a.page)).map((s) => [s.kind, s.enabled]).sort())
      .toEqual([
        ['audio', false],
        ['video', false],
      ]);
    // the other side's sending is untouched
    expect((await senders(b.page)).every((s) => s.enabled)).toBe(true);
    await expect.poll(() => a.page.locator('[data-testid=call-timer]').textContent(), { timeout: 10_000 }).not.toBe('00:00');

    await a.page.click('[data-testid=call-hangup]');
    await waitCallGone(a.page);
    await waitCallGone(b.page);
    await expectRecord(a.page, idB, 'completed', 'video', /通话时长 \d\d:\d\d/);
    await expectRecord(b.page, idA, 'completed', 'video', /通话时长 \d\d:\d\d/);
  });

  it('a voice call shows the avatars, carries audio, and leaves its record when the callee hangs up', async () => {
    await voiceCallAnswered(a.page, b.page, idB);
    expect(await a.page.locator('[data-testid=call-screen]').getAttribute('data-media')).toBe('voice');
    // its two controls stand centred (they filled the left two of three columns)
    const [mute, speaker] = [await a.page.locator('[data-testid=call-mute]').boundingBox(), await a.page.locator('[data-testid=call-speaker]').boundingBox()];
    expect(Math.abs((mute?.x ?? 0) + (speaker?.x ?? 0) + (speaker?.width ?? 0) - 390)).toBeLessThanOrEqual(2);
    expect(await a.page.locator('[data-testid=call-remote-video]').count()).toBe(0);
    await expect
      .poll(() =>
        b.page.locator('[data-testid=call-remote-audio]').evaluate((el: HTMLAudioElement) => (el.srcObject as MediaStream | null)?.getAudioTracks().length ?? 0),
      )
      .toBe(1);
    expect((await senders(a.page)).map((s) => s.kind)).toEqual(['audio']);
    await b.page.click('[data-testid=call-hangup]');
    await waitCallGone(a.page);
    await expectRecord(a.page, idB, 'completed', 'voice', /通话时长/);
    await expectRecord(b.page, idA, 'completed', 'voice', /通话时长/);
  });

  it("Back on a connected call hangs it up on both phones (it ran on unseen, and the next call was refused as another device's)", async () => {
    await voiceCallAnswered(a.page, b.page, idB);
    await b.page.goBack();
    await waitCallGone(b.page);
    await waitCallGone(a.page);
    await expectRecord(a.page, idB, 'completed', 'voice', /通话时长/);
    // a new call from the same phone goes through
    await callFromChat(b.page, idA, 'voice');
    await expect.poll(() => phase(b.page)).toBe('outgoing');
    await a.page.locator('[data-testid=call-incoming]').waitFor({ timeout: 15_000 });
    await b.page.click('[data-testid=call-hangup]');
    await waitCallGone(b.page);
    await a.page.locator('[data-testid=call-incoming]').waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('a declined call and a cancelled call each leave their record on both sides; a record calls back; the profile page calls', async () => {
    await callFromChat(a.page, idB, 'video');
    await b.page.locator('[data-testid=call-incoming]').waitFor({ timeout: 15_000 });
    await b.page.click('[data-testid=call-decline]');
    await waitCallGone(a.page);
    await expectRecord(a.page, idB, 'declined', 'video', /已拒绝/);
    await expectRecord(b.page, idA, 'declined', 'video', /已拒绝/);

    // tapping the record calls back with the same media; the caller cancels while it rings
    await a.page.locator('[data-testid=chat-page] [data-testid=bubble-call][data-outcome=declined]').last().click();
    await expect.poll(() => phase(a.page)).toBe('outgoing');
    expect(await a.page.locator('[data-testid=call-screen]').getAttribute('data-media')).toBe('video');
    await b.page.locator('[data-testid=call-incoming]').waitFor({ timeout: 15_000 });
    await a.page.click('[data-testid=call-hangup]');
    await b.page.locator('[data-testid=call-incoming]').waitFor({ state: 'detached', timeout: 15_000 });
    await waitCallGone(a.page);
    await expectRecord(a.page, idB, 'cancelled', 'video', /已取消/);
    await expectRecord(b.page, idA, 'cancelled', 'video', /已取消/);

    // from Bob's profile page: a voice call
    await a.page.goto(`/#/pages/contacts/detail?user_id=${idB}`);
    await a.page.click('[data-testid=detail-voice-call]');
    await b.page.locator('[data-testid=call-incoming]').waitFor({ timeout: 15_000 });
    expect(await b.page.locator('[data-testid=call-incoming]').textContent()).toContain('邀请你语音通话');
    await a.page.click('[data-testid=call-hangup]');
    await waitCallGone(a.page);
    await expectRecord(b.page, idA, 'cancelled', 'voice', /已取消/);
  });

  it('a call to someone already on a call ends busy, with its record', async () => {
    await voiceCallAnswered(a.page, b.page, idB);

    await callFromChat(c.page, idB, 'voice');
    await expect.poll(() => phase(c.page), { timeout: 15_000 }).toBe('ended');
    expect(await c.page.locator('[data-testid=call-status]').textContent()).toBe('对方忙线中');
    await waitCallGone(c.page);
    await expectRecord(c.page, idB, 'busy', 'voice', /忙线/);
    // Bob's call goes on undisturbed
    expect(await phase(b.page)).toBe('active');
    expect(await b.page.locator('[data-testid=call-incoming]').count()).toBe(0);

    await a.page.click('[data-testid=call-hangup]');
    await waitCallGone(b.page);
    const record = await lastRecord(b.page, idC);
    expect(await record.getAttribute('data-outcome')).toBe('busy');
  });

  it('with disableCalls on, the call buttons say calls are not enabled', async () => {
    const admin = systemService(app.built.ctx.db, app.built.ctx.config, { info: () => {} });
    await admin.set('disableCalls', 'true');
    try {
      await a.page.waitForFunction(() => JSON.parse(localStorage.getItem('globalConfig') ?? '{}')?.sysInfo?.disableCalls === true, null, {
        timeout: 15_000,
      });
      await a.page.goto(`/#/pages/contacts/detail?user_id=${idB}`);
      await a.page.click('[data-testid=detail-video-call]');
      await expect.poll(() => a.page.locator('.adm-toast-main').last().textContent()).toBe('未开启音视频通话');
      expect(await a.page.locator('[data-testid=call-screen]').count()).toBe(0);
      // toasts wrap between words ("Payment password chang/ed" broke anywhere)
      expect(await a.page.locator('.adm-toast-main').last().evaluate((el) => getComputedStyle(el).wordBreak)).toBe('normal');

      await openChat(a.page, idB);
      await a.page.click('[data-testid=chat-more-toggle]');
      await a.page.click('[data-testid=chat-more-voiceCall]');
      await expect.poll(() => a.page.locator('.adm-toast-main').last().textContent()).toBe('未开启音视频通话');
    } finally {
      await admin.set('disableCalls', 'false');
    }
    expect(a.errors.filter((e) => !/WebSocket|net::/.test(e))).toEqual([]);
  });
});
