import { describe, expect, it } from 'vitest';
import { CallCode } from '../api/calls.ts';
import { answersIncomingBusy, nextCallLock } from './callLock.ts';

describe('call lock (spec §4)', () => {
  it('is set by an offer and by an answer', () => {
    expect(nextCallLock(false, { kind: 'offer' })).toBe(true);
    expect(nextCallLock(false, { kind: 'answer' })).toBe(true);
  });

  it('is cleared by a hangup', () => {
    expect(nextCallLock(true, { kind: 'hangup' })).toBe(false);
  });

  it.each([CallCode.CANCELLED, CallCode.REJECTED, CallCode.NO_ANSWER, CallCode.HUNG_UP, CallCode.BUSY])(
    'is cleared by %i coming from self',
    (code) => {
      expect(nextCallLock(true, { kind: 'code', code, fromSelf: true })).toBe(false);
    },
  );

  it.each([CallCode.CANCELLED, CallCode.REJECTED, CallCode.HUNG_UP, CallCode.BUSY])(
    'is kept when %i comes from the other side',
    (code) => {
      expect(nextCallLock(true, { kind: 'code', code, fromSelf: false })).toBe(true);
    },
  );

  it('is not touched by 901 or 904 from self', () => {
    expect(nextCallLock(true, { kind: 'code', code: CallCode.CALLING, fromSelf: true })).toBe(true);
    expect(nextCallLock(true, { kind: 'code', code: CallCode.ACCEPTED, fromSelf: true })).toBe(true);
    expect(nextCallLock(false, { kind: 'code', code: CallCode.ACCEPTED, fromSelf: true })).toBe(false);
  });

  it('answers an incoming call busy while locked or on the call screen', () => {
    expect(answersIncomingBusy({ locked: true, onCallScreen: false })).toBe(true);
    expect(answersIncomingBusy({ locked: false, onCallScreen: true })).toBe(true);
    expect(answersIncomingBusy({ locked: false, onCallScreen: false })).toBe(false);
  });
});
