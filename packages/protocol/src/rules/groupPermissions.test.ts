import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_SETTING, type GroupSetting, GroupRole, NoSpeak } from '../api/groups.ts';
import {
  mayChangeSetting,
  mayModerate,
  maySetSwitch,
  mayShareQrcode,
  ownerOnlySettingKeys,
  permissionsOf,
  SWITCH_KEYS,
  switchPatch,
  switchValue,
  visibleSwitches,
} from './groupPermissions.ts';

const { OWNER, ADMIN, MEMBER } = GroupRole;
const setting = (patch: Partial<GroupSetting> = {}): GroupSetting => ({ ...DEFAULT_GROUP_SETTING, ...patch });

describe('permissionsOf (docs/api/groups.md "Who may do what")', () => {
  it('gives the owner everything but leaving', () => {
    expect(permissionsOf(OWNER, setting())).toEqual({
      rename: true,
      notice: true,
      invite: true,
      setting: true,
      ownerSetting: true,
      setManager: true,
      changeOwner: true,
      moderate: 'all',
      dissolve: true,
      clearForAll: true,
      atAll: true,
      viewMembers: true,
      leave: false,
    });
  });

  it('lets an admin manage and moderate plain members, not own the group', () => {
    const p = permissionsOf(ADMIN, setting({ invite: 0, hideMembers: 1 }));
    expect(p).toMatchObject({ rename: true, notice: true, invite: true, setting: true, moderate: 'members', atAll: true });
    expect(p).toMatchObject({ ownerSetting: false, setManager: false, changeOwner: false, dissolve: false, clearForAll: false });
    expect(p.viewMembers).toBe(true);
    expect(p.leave).toBe(true);
  });

  it('lets a plain member rename and edit the notice only when manage is off', () => {
    expect(permissionsOf(MEMBER, setting()).rename).toBe(false);
    expect(permissionsOf(MEMBER, setting()).notice).toBe(false);
    expect(permissionsOf(MEMBER, setting({ manage: 0 })).rename).toBe(true);
    expect(permissionsOf(MEMBER, setting({ manage: 0 })).notice).toBe(true);
  });

  it('follows the invite and hideMembers switches for plain members', () => {
    expect(permissionsOf(MEMBER, setting({ invite: 1 })).invite).toBe(true);
    expect(permissionsOf(MEMBER, setting({ invite: 0 })).invite).toBe(false);
    expect(permissionsOf(MEMBER, setting({ hideMembers: 1 })).viewMembers).toBe(false);
    expect(permissionsOf(MEMBER, setting()).moderate).toBe('none');
    expect(permissionsOf(MEMBER, setting()).setting).toBe(false);
  });
});

describe('mayModerate (mute and remove)', () => {
  it.each([
    [OWNER, OWNER, false],
    [OWNER, ADMIN, true],
    [OWNER, MEMBER, true],
    [ADMIN, OWNER, false],
    [ADMIN, ADMIN, false],
    [ADMIN, MEMBER, true],
    [MEMBER, OWNER, false],
    [MEMBER, ADMIN, false],
    [MEMBER, MEMBER, false],
  ])('actor %i on target %i → %s', (actor, target, allowed) => {
    expect(mayModerate(actor, target)).toBe(allowed);
  });
});

describe('switches', () => {
  it('shows all switches to the owner, all but manage to admins, none to members', () => {
    expect(visibleSwitches(OWNER)).toEqual([...SWITCH_KEYS]);
    expect(visibleSwitches(ADMIN)).not.toContain('manage');
    expect(visibleSwitches(ADMIN)).toContain('ownerOnly');
    expect(visibleSwitches(MEMBER)).toEqual([]);
  });

  it('reads mute all and owner-only from nospeak', () => {
    expect(switchValue(setting({ nospeak: NoSpeak.OFF }), 'muteAll')).toBe(false);
    expect(switchValue(setting({ nospeak: NoSpeak.ADMINS_ONLY }), 'muteAll')).toBe(true);
    expect(switchValue(setting({ nospeak: NoSpeak.OWNER_ONLY }), 'muteAll')).toBe(true);
    expect(switchValue(setting({ nospeak: NoSpeak.OWNER_ONLY }), 'ownerOnly')).toBe(true);
    expect(switchValue(setting({ nospeak: NoSpeak.ADMINS_ONLY }), 'ownerOnly')).toBe(false);
    expect(switchValue(setting({ hideMembers: 1 }), 'hideMembers')).toBe(true);
  });

  it('patches the setting the server expects', () => {
    expect(switchPatch('muteAll', true)).toEqual({ nospeak: 1 });
    expect(switchPatch('muteAll', false)).toEqual({ nospeak: 0 });
    expect(switchPatch('ownerOnly', true)).toEqual({ nospeak: 2 });
    expect(switchPatch('ownerOnly', false)).toEqual({ nospeak: 1 });
    expect(switchPatch('invite', false)).toEqual({ invite: 0 });
    expect(switchPatch('history', true)).toEqual({ history: 1 });
  });

  it('keeps manage and the owner-only mode to the owner', () => {
    for (const key of SWITCH_KEYS) expect(maySetSwitch(OWNER, setting({ nospeak: 2 }), key)).toBe(true);
    expect(maySetSwitch(ADMIN, setting(), 'manage')).toBe(false);
    expect(maySetSwitch(ADMIN, setting(), 'ownerOnly')).toBe(false);
    expect(maySetSwitch(ADMIN, setting(), 'muteAll')).toBe(true);
    expect(maySetSwitch(ADMIN, setting({ nospeak: 1 }), 'muteAll')).toBe(true);
    // turning mute all off from owner-only would undo the owner's choice
    expect(maySetSwitch(ADMIN, setting({ nospeak: 2 }), 'muteAll')).toBe(false);
    for (const key of ['invite', 'history', 'addFriend', 'hideMembers'] as const) {
      expect(maySetSwitch(ADMIN, setting(), key)).toBe(true);
    }
    for (const key of SWITCH_KEYS) expect(maySetSwitch(MEMBER, setting(), key)).toBe(false);
  });
});

describe('mayShareQrcode', () => {
  it('lets members share while invitations are on, staff always', () => {
    expect(mayShareQrcode(MEMBER, setting({ invite: 1 }))).toBe(true);
    expect(mayShareQrcode(MEMBER, setting({ invite: 0 }))).toBe(false);
    expect(mayShareQrcode(ADMIN, setting({ invite: 0 }))).toBe(true);
    expect(mayShareQrcode(OWNER, setting({ invite: 0 }))).toBe(true);
  });
});

describe('ownerOnlySettingKeys and mayChangeSetting (the server checks these on groupSetting)', () => {
  it('names manage and any move into or out of owner-only speaking', () => {
    expect(ownerOnlySettingKeys(setting({ manage: 1 }), { manage: 0 })).toEqual(['manage']);
    expect(ownerOnlySettingKeys(setting(), { nospeak: NoSpeak.OWNER_ONLY })).toEqual(['nospeak']);
    expect(ownerOnlySettingKeys(setting({ nospeak: NoSpeak.OWNER_ONLY }), { nospeak: NoSpeak.OFF })).toEqual(['nospeak']);
    expect(ownerOnlySettingKeys(setting(), { nospeak: NoSpeak.ADMINS_ONLY, invite: 0 })).toEqual([]);
    expect(ownerOnlySettingKeys(setting({ manage: 1 }), { manage: 1 })).toEqual([]);
  });

  it('lets the owner change anything, admins all but the owner-only keys, members nothing', () => {
    expect(mayChangeSetting(OWNER, setting(), { manage: 1, nospeak: NoSpeak.OWNER_ONLY })).toBe(true);
    expect(mayChangeSetting(ADMIN, setting(), { invite: 0, nospeak: NoSpeak.ADMINS_ONLY })).toBe(true);
    expect(mayChangeSetting(ADMIN, setting({ manage: 1 }), { manage: 0 })).toBe(false);
    expect(mayChangeSetting(MEMBER, setting({ manage: 0 }), { invite: 0 })).toBe(false);
  });

  it('agrees with maySetSwitch for every switch, role and speaking mode', () => {
    for (const role of [OWNER, ADMIN, MEMBER]) {
      for (const nospeak of [NoSpeak.OFF, NoSpeak.ADMINS_ONLY, NoSpeak.OWNER_ONLY]) {
        const current = setting({ nospeak });
        for (const key of SWITCH_KEYS) {
          expect(maySetSwitch(role, current, key)).toBe(mayChangeSetting(role, current, switchPatch(key, !switchValue(current, key))));
        }
      }
    }
  });
});
