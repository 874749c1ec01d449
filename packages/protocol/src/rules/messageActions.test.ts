import { describe, expect, it } from 'vitest';
import { GroupRole } from '../api/groups.ts';
import { RECALL_WINDOW_SECONDS } from '../limits.ts';
import { mayForward, type RecallCase, recallVerdict, UNFORWARDABLE_TYPES } from './messageActions.ts';

const { OWNER, ADMIN, MEMBER } = GroupRole;
const NOW = 1_800_000_000_000;
const fresh = NOW / 1000 - 30;
const stale = NOW / 1000 - RECALL_WINDOW_SECONDS - 1;
const recall = (c: Partial<RecallCase>) =>
  recallVerdict({ type: 'text', sendTime: fresh, mine: true, myRole: null, senderRole: null, now: NOW, ...c });

describe('recallVerdict', () => {
  it('lets a sender recall within the window (the edge included) in a private chat', () => {
    expect(recall({})).toEqual({ ok: true });
    expect(recall({ sendTime: NOW / 1000 - RECALL_WINDOW_SECONDS })).toEqual({ ok: true });
    expect(recall({ sendTime: stale })).toEqual({ ok: false, reason: 'window' });
    expect(recall({ mine: false })).toEqual({ ok: false, reason: 'others' });
  });

  it('never recalls server notices and events', () => {
    expect(recall({ type: 'event', myRole: OWNER })).toEqual({ ok: false, reason: 'kind' });
    expect(recall({ type: 'system' })).toEqual({ ok: false, reason: 'kind' });
  });

  it('lets group staff recall their own messages at any time, members only within the window', () => {
    expect(recall({ sendTime: stale, myRole: OWNER, senderRole: OWNER })).toEqual({ ok: true });
    expect(recall({ sendTime: stale, myRole: ADMIN, senderRole: ADMIN })).toEqual({ ok: true });
    expect(recall({ sendTime: stale, myRole: MEMBER, senderRole: MEMBER })).toEqual({ ok: false, reason: 'window' });
  });

  it("lets the owner recall anyone's message, an admin only plain members'", () => {
    const others = { mine: false, sendTime: stale };
    expect(recall({ ...others, myRole: OWNER, senderRole: ADMIN })).toEqual({ ok: true });
    expect(recall({ ...others, myRole: OWNER, senderRole: MEMBER })).toEqual({ ok: true });
    expect(recall({ ...others, myRole: ADMIN, senderRole: MEMBER })).toEqual({ ok: true });
    expect(recall({ ...others, myRole: ADMIN, senderRole: null })).toEqual({ ok: true });
    // the case the web once allowed: an admin recalling the owner's or another admin's message
    expect(recall({ ...others, myRole: ADMIN, senderRole: OWNER })).toEqual({ ok: false, reason: 'admin' });
    expect(recall({ ...others, myRole: ADMIN, senderRole: ADMIN })).toEqual({ ok: false, reason: 'admin' });
    expect(recall({ ...others, myRole: MEMBER, senderRole: MEMBER })).toEqual({ ok: false, reason: 'others' });
  });
});

describe('mayForward', () => {
  it('forwards ordinary messages, never recalled ones or server-made, call and red-packet kinds', () => {
    expect(mayForward({ type: 'text', is_undo: 0 })).toBe(true);
    expect(mayForward({ type: 'image', is_undo: 0 })).toBe(true);
    expect(mayForward({ type: 'text', is_undo: 1 })).toBe(false);
    expect([...UNFORWARDABLE_TYPES].sort()).toEqual(['event', 'red_packet', 'system', 'webrtc']);
    for (const type of UNFORWARDABLE_TYPES) expect(mayForward({ type, is_undo: 0 })).toBe(false);
  });
});
