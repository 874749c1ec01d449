import { GroupRole } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { byRole, memberActions } from './permissions.ts';

const { OWNER, ADMIN, MEMBER } = GroupRole;
const NOW = 1_700_000_000_000;

describe('memberActions', () => {
  const owner = { user_id: 1, role: OWNER };
  const admin = { user_id: 2, role: ADMIN };
  const member = { user_id: 3, role: MEMBER };
  const target = (user_id: number, role: number, mute_until = 0) => ({ user_id, role, mute_until });

  it('offers nothing on myself', () => {
    expect(memberActions(owner, target(1, OWNER), NOW)).toEqual([]);
    expect(memberActions(admin, target(2, ADMIN), NOW)).toEqual([]);
  });

  it('lets the owner do everything to an admin or a member', () => {
    expect(memberActions(owner, target(2, ADMIN), NOW)).toEqual(['admin', 'mute', 'remove', 'transfer']);
    expect(memberActions(owner, target(3, MEMBER, NOW + 60_000), NOW)).toEqual(['admin', 'mute', 'unmute', 'remove', 'transfer']);
  });

  it('lets an admin mute and remove plain members only', () => {
    expect(memberActions(admin, target(3, MEMBER), NOW)).toEqual(['mute', 'remove']);
    expect(memberActions(admin, target(4, ADMIN), NOW)).toEqual([]);
    expect(memberActions(admin, target(1, OWNER), NOW)).toEqual([]);
  });

  it('gives plain members no actions', () => {
    expect(memberActions(member, target(4, MEMBER), NOW)).toEqual([]);
    expect(memberActions(member, target(1, OWNER), NOW)).toEqual([]);
  });

  it('offers unmute only while the mute lasts', () => {
    expect(memberActions(admin, target(3, MEMBER, NOW - 1), NOW)).toEqual(['mute', 'remove']);
    expect(memberActions(admin, target(3, MEMBER, NOW + 1), NOW)).toContain('unmute');
  });
});

describe('byRole', () => {
  it('puts the owner first, then admins, keeping the order within a role', () => {
    const list = [
      { id: 'm1', role: MEMBER },
      { id: 'a1', role: ADMIN },
      { id: 'm2', role: MEMBER },
      { id: 'o', role: OWNER },
      { id: 'a2', role: ADMIN },
    ];
    expect(byRole(list).map((m) => m.id)).toEqual(['o', 'a1', 'a2', 'm1', 'm2']);
  });
});
