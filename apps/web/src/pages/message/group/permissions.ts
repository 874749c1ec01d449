import { GroupRole, type GroupSetting, mayModerate, NoSpeak, permissionsOf } from '@parley/protocol';

export { mayModerate, permissionsOf };

/**
 * What each role may do in a group: the shared rules (`permissionsOf`, `mayModerate` from the
 * protocol, the same the server enforces) plus the member menu built on them. The pages only show
 * controls these allow; the server still decides.
 */

/** Whether the QR code may be shown: any member while invitations are on, else owner and admins. */
export function mayShareQrcode(role: number, setting: GroupSetting): boolean {
  return role !== GroupRole.MEMBER || setting.invite === 1;
}

export type MemberAction = 'admin' | 'mute' | 'unmute' | 'remove' | 'transfer';

export interface MemberLike {
  user_id: number;
  role: number;
  /** ms; 0 when not muted */
  mute_until: number;
}

/**
 * The actions I may take on one member, in menu order. `admin` toggles: it makes a plain member
 * an admin or an admin a plain member again.
 */
export function memberActions(me: { user_id: number; role: number }, target: MemberLike, now = Date.now()): MemberAction[] {
  if (target.user_id === me.user_id) return [];
  const actions: MemberAction[] = [];
  const owner = me.role === GroupRole.OWNER;
  if (owner && target.role !== GroupRole.OWNER) actions.push('admin');
  if (mayModerate(me.role, target.role)) {
    actions.push('mute');
    if (target.mute_until > now) actions.push('unmute');
    actions.push('remove');
  }
  if (owner) actions.push('transfer');
  return actions;
}

/** The switches of the info page; `muteAll` and `ownerOnly` are two views of `nospeak`. */
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

/**
 * Whether `role` may flip a switch now. Admins change everything but `manage` and the owner-only
 * speaking mode, which they may neither turn on nor undo (so not mute all while it is on either).
 */
export function maySetSwitch(role: number, setting: GroupSetting, key: SwitchKey): boolean {
  if (role === GroupRole.OWNER) return true;
  if (role !== GroupRole.ADMIN) return false;
  if (key === 'manage' || key === 'ownerOnly') return false;
  if (key === 'muteAll') return setting.nospeak !== NoSpeak.OWNER_ONLY;
  return true;
}

/** The switches shown to `role`: none for plain members; admins see all but the owner-only ones. */
export function visibleSwitches(role: number): SwitchKey[] {
  if (role === GroupRole.OWNER) return [...SWITCH_KEYS];
  if (role === GroupRole.ADMIN) return SWITCH_KEYS.filter((key) => key !== 'manage');
  return [];
}

/** Owner first, then admins, then members; the server's order within a role is kept. */
export function byRole<T extends { role: number }>(members: readonly T[]): T[] {
  return members
    .map((member, index) => ({ member, index }))
    .sort((a, b) => a.member.role - b.member.role || a.index - b.index)
    .map(({ member }) => member);
}
