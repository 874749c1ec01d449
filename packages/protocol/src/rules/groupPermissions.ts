import { type GroupPermissions, GroupRole, type GroupSetting, NoSpeak } from '../api/groups.ts';

/**
 * What a member of `role` may do under `setting` (spec §6; decisions in docs/api/groups.md): the
 * server enforces it, the web shows only the controls it allows.
 */
export function permissionsOf(role: number, setting: GroupSetting): GroupPermissions {
  const owner = role === GroupRole.OWNER;
  const staff = owner || role === GroupRole.ADMIN;
  const managers = staff || setting.manage === 0;
  return {
    rename: managers,
    notice: managers,
    invite: staff || setting.invite === 1,
    setting: staff,
    ownerSetting: owner,
    setManager: owner,
    changeOwner: owner,
    moderate: owner ? 'all' : staff ? 'members' : 'none',
    dissolve: owner,
    clearForAll: owner,
    atAll: staff,
    viewMembers: staff || setting.hideMembers === 0,
    leave: !owner,
  };
}

/** Whether an actor may mute or remove a target: the owner anyone but themself, an admin plain members. */
export function mayModerate(actorRole: number, targetRole: number): boolean {
  if (actorRole === GroupRole.OWNER) return targetRole !== GroupRole.OWNER;
  if (actorRole === GroupRole.ADMIN) return targetRole === GroupRole.MEMBER;
  return false;
}

/**
 * Which setting keys need the owner: `manage` (who manages) and the owner-only speaking mode
 * (turning it on, or off again). Admins change the rest.
 */
export function ownerOnlySettingKeys(current: GroupSetting, patch: Partial<GroupSetting>): string[] {
  const keys: string[] = [];
  if (patch.manage !== undefined && patch.manage !== current.manage) keys.push('manage');
  if (
    patch.nospeak !== undefined &&
    patch.nospeak !== current.nospeak &&
    (patch.nospeak === NoSpeak.OWNER_ONLY || current.nospeak === NoSpeak.OWNER_ONLY)
  ) {
    keys.push('nospeak');
  }
  return keys;
}

/** Whether `role` may apply a settings patch: staff may, but only the owner the owner-only keys. */
export function mayChangeSetting(role: number, current: GroupSetting, patch: Partial<GroupSetting>): boolean {
  const perms = permissionsOf(role, current);
  return perms.setting && (perms.ownerSetting || ownerOnlySettingKeys(current, patch).length === 0);
}

/** Whether the group QR code may be shown (and used to join): any member while invitations are on, else staff. */
export function mayShareQrcode(role: number, setting: GroupSetting): boolean {
  return permissionsOf(role, setting).invite;
}

/** The switches of the group info page; `muteAll` and `ownerOnly` are two views of `nospeak`. */
export const SWITCH_KEYS = ['manage', 'invite', 'history', 'addFriend', 'muteAll', 'ownerOnly', 'hideMembers'] as const;
export type SwitchKey = (typeof SWITCH_KEYS)[number];

export function switchValue(setting: GroupSetting, key: SwitchKey): boolean {
  if (key === 'muteAll') return setting.nospeak !== NoSpeak.OFF;
  if (key === 'ownerOnly') return setting.nospeak === NoSpeak.OWNER_ONLY;
  return setting[key] === 1;
}

/**
 * The setting patch that flips a switch. Mute all off lets everyone speak; "only the owner
 * speaks" off falls back to mute all (it is the stricter form of it).
 */
export function switchPatch(key: SwitchKey, on: boolean): Partial<GroupSetting> {
  if (key === 'muteAll') return { nospeak: on ? NoSpeak.ADMINS_ONLY : NoSpeak.OFF };
  if (key === 'ownerOnly') return { nospeak: on ? NoSpeak.OWNER_ONLY : NoSpeak.ADMINS_ONLY };
  return { [key]: on ? 1 : 0 };
}

/** Whether `role` may flip a switch now: the patch it makes passes `mayChangeSetting`. */
export function maySetSwitch(role: number, setting: GroupSetting, key: SwitchKey): boolean {
  return mayChangeSetting(role, setting, switchPatch(key, !switchValue(setting, key)));
}

/** The switches shown to `role`: none for plain members; admins see all but `manage`. */
export function visibleSwitches(role: number): SwitchKey[] {
  if (role === GroupRole.OWNER) return [...SWITCH_KEYS];
  if (role === GroupRole.ADMIN) return SWITCH_KEYS.filter((key) => key !== 'manage');
  return [];
}
