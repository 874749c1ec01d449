import { describe, expect, it } from 'vitest';
import { canSpeakInGroup, DEFAULT_GROUP_SETTING, GroupRole, parseGroupSetting } from './groups.ts';
import { parseGroupContactId } from '../rules/ids.ts';

describe('group speaking rules', () => {
  const now = 1_000_000;
  const s = (nospeak: 0 | 1 | 2) => ({ ...DEFAULT_GROUP_SETTING, nospeak });
  it('everyone speaks when nothing is muted', () => {
    for (const role of [GroupRole.OWNER, GroupRole.ADMIN, GroupRole.MEMBER]) {
      expect(canSpeakInGroup(role, s(0), 0, now).ok).toBe(true);
    }
  });
  it('mute all leaves the owner and admins speaking', () => {
    expect(canSpeakInGroup(GroupRole.OWNER, s(1), 0, now).ok).toBe(true);
    expect(canSpeakInGroup(GroupRole.ADMIN, s(1), 0, now).ok).toBe(true);
    expect(canSpeakInGroup(GroupRole.MEMBER, s(1), 0, now)).toEqual({ ok: false, reason: 'muteAll' });
  });
  it('only-owner mode silences admins too', () => {
    expect(canSpeakInGroup(GroupRole.OWNER, s(2), 0, now).ok).toBe(true);
    expect(canSpeakInGroup(GroupRole.ADMIN, s(2), 0, now)).toEqual({ ok: false, reason: 'ownerOnly' });
  });
  it('a member mute lasts until its time', () => {
    expect(canSpeakInGroup(GroupRole.MEMBER, s(0), now + 1, now)).toEqual({ ok: false, reason: 'memberMuted', until: now + 1 });
    expect(canSpeakInGroup(GroupRole.MEMBER, s(0), now, now).ok).toBe(true);
    expect(canSpeakInGroup(GroupRole.OWNER, s(0), now + 1, now).ok).toBe(true);
  });
  it('parses settings and contact ids defensively', () => {
    expect(parseGroupSetting('not json')).toEqual(DEFAULT_GROUP_SETTING);
    expect(parseGroupSetting('{"nospeak":1}').nospeak).toBe(1);
    expect(parseGroupContactId('group-12')).toBe(12);
    expect(parseGroupContactId('group-x')).toBeNull();
    expect(parseGroupContactId(12)).toBeNull();
  });
});
