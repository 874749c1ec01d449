import { CallCode } from '@parley/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallSession, isOnCall, useCalls } from './calls.ts';

const call = (phase: CallSession['phase']): CallSession => ({
  id: 'call-0001',
  media: 'video',
  direction: 'out',
  peer: { id: 2, displayName: 'Bob', avatar: '', avatar_color: 1 },
  phase,
  connectedAt: null,
  outcome: null,
  duration: 0,
  muted: false,
  cameraOff: false,
  speaker: true,
});

describe('call store', () => {
  beforeEach(() => {
    useCalls.setState({ call: null, locked: false, onCallScreen: false });
  });

  it('holds the lock by the spec §4 rule: offer sets it, a 906 from self clears it, one from the peer does not', () => {
    const s = useCalls.getState();
    s.lock({ kind: 'offer' });
    expect(useCalls.getState().locked).toBe(true);
    s.lock({ kind: 'code', code: CallCode.HUNG_UP, fromSelf: false });
    expect(useCalls.getState().locked).toBe(true);
    s.lock({ kind: 'code', code: CallCode.HUNG_UP, fromSelf: true });
    expect(useCalls.getState().locked).toBe(false);
  });

  it('counts as on a call while locked or while a call rings out, connects or runs; not while ringing in or ended', () => {
    expect(isOnCall(useCalls.getState())).toBe(false);
    for (const phase of ['outgoing', 'connecting', 'active'] as const) expect(isOnCall({ call: call(phase), locked: false }), phase).toBe(true);
    for (const phase of ['incoming', 'ended'] as const) expect(isOnCall({ call: call(phase), locked: false }), phase).toBe(false);
    expect(isOnCall({ call: null, locked: true })).toBe(true);
  });

  it('patches only a call that exists', () => {
    useCalls.getState().patch({ muted: true });
    expect(useCalls.getState().call).toBeNull();
    useCalls.getState().begin(call('active'));
    useCalls.getState().patch({ muted: true });
    expect(useCalls.getState().call?.muted).toBe(true);
  });
});
