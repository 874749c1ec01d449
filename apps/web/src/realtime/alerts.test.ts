import { describe, expect, it } from 'vitest';
import { type AlertInput, planAlert } from './alertPlan.ts';

const base: AlertInput = {
  fromMe: false,
  type: 'text',
  inOpenChat: false,
  doNotDisturb: false,
  pageHidden: false,
  setting: { voiceStatus: true, vibrateStatus: false },
  notificationsGranted: true,
};

describe('planAlert', () => {
  it('rings (voiceStatus) and vibrates (vibrateStatus) as the settings say', () => {
    expect(planAlert(base)).toEqual({ sound: true, vibrate: false, notification: false });
    expect(planAlert({ ...base, setting: { voiceStatus: false, vibrateStatus: true } })).toEqual({
      sound: false,
      vibrate: true,
      notification: false,
    });
  });

  it('stays quiet for my own messages, events, calls, do-not-disturb and the chat on screen', () => {
    const none = { sound: false, vibrate: false, notification: false };
    expect(planAlert({ ...base, fromMe: true })).toEqual(none);
    expect(planAlert({ ...base, type: 'event' })).toEqual(none);
    expect(planAlert({ ...base, type: 'webrtc' })).toEqual(none);
    expect(planAlert({ ...base, doNotDisturb: true, pageHidden: true })).toEqual(none);
    expect(planAlert({ ...base, inOpenChat: true })).toEqual(none);
  });

  it('adds a browser notification while the page is hidden, when permitted (the open chat included)', () => {
    expect(planAlert({ ...base, pageHidden: true }).notification).toBe(true);
    expect(planAlert({ ...base, pageHidden: true, inOpenChat: true }).notification).toBe(true);
    expect(planAlert({ ...base, pageHidden: true, notificationsGranted: false }).notification).toBe(false);
  });
});
