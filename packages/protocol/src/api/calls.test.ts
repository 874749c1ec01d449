import { describe, expect, it } from 'vitest';
import { CallCode, callOutcomeOf, formatCallDuration, sendToMsgBody } from './calls.ts';

describe('call formatting and codes', () => {
  it('formats durations as mm:ss, with hours past an hour', () => {
    expect(formatCallDuration(0)).toBe('00:00');
    expect(formatCallDuration(83)).toBe('01:23');
    expect(formatCallDuration(3723)).toBe('1:02:03');
  });

  it('maps ending codes to outcomes and nothing else', () => {
    expect(callOutcomeOf(CallCode.HUNG_UP)).toBe('completed');
    expect(callOutcomeOf(CallCode.CANCELLED)).toBe('cancelled');
    expect(callOutcomeOf(CallCode.REJECTED)).toBe('declined');
    expect(callOutcomeOf(CallCode.NO_ANSWER)).toBe('missed');
    expect(callOutcomeOf(CallCode.BUSY)).toBe('busy');
    expect(callOutcomeOf(CallCode.ACCEPTED)).toBeNull();
  });

  it('needs a code for a call step, a type to start, an sdp for offers and a candidate for ice', () => {
    const id = 'a1b2c3d4-0000';
    expect(sendToMsgBody.safeParse({ toContactId: 2, id }).success).toBe(false);
    expect(sendToMsgBody.safeParse({ toContactId: 2, id, code: 901 }).success).toBe(false);
    expect(sendToMsgBody.safeParse({ toContactId: 2, id, code: 901, type: 'video' }).success).toBe(true);
    expect(sendToMsgBody.safeParse({ toContactId: 2, id, event: 'offer' }).success).toBe(false);
    expect(sendToMsgBody.safeParse({ toContactId: 2, id, event: 'ice' }).success).toBe(false);
    expect(sendToMsgBody.safeParse({ toContactId: 2, id: 'x', code: 906 }).success).toBe(false);
  });
});
