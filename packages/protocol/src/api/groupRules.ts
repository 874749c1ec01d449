import type { ErrorKey } from '../contract/errors.ts';
import type { GroupSetting } from './groups.ts';

/** Group roles, mute modes, limits and refusal keys, and who may speak (no schema: the web loads these without zod). */

/** Group member roles (spec §6). */
export const GroupRole = { OWNER: 1, ADMIN: 2, MEMBER: 3 } as const;
export type GroupRoleValue = (typeof GroupRole)[keyof typeof GroupRole];

/** Who may speak when the group is muted: 0 everyone, 1 mute all (owner and admins speak), 2 only the owner. */
export const NoSpeak = { OFF: 0, ADMINS_ONLY: 1, OWNER_ONLY: 2 } as const;
export const DEFAULT_GROUP_SETTING: GroupSetting = {
  manage: 1,
  invite: 1,
  history: 1,
  addFriend: 1,
  nospeak: 0,
  hideMembers: 0,
};
export type SpeakVerdict = { ok: true } | { ok: false; reason: 'muteAll' | 'ownerOnly' | 'memberMuted'; until?: number };

/** Whether a member may send now (spec §4 Group): group mute mode, then the member's own mute. */
export function canSpeakInGroup(role: number, setting: GroupSetting, muteUntil: number, now = Date.now()): SpeakVerdict {
  if (setting.nospeak === NoSpeak.OWNER_ONLY && role !== GroupRole.OWNER) return { ok: false, reason: 'ownerOnly' };
  if (setting.nospeak === NoSpeak.ADMINS_ONLY && role === GroupRole.MEMBER) return { ok: false, reason: 'muteAll' };
  if (role !== GroupRole.OWNER && muteUntil > now) return { ok: false, reason: 'memberMuted', until: muteUntil };
  return { ok: true };
}

/** The refusal of each SpeakVerdict reason: keys of the error table. */
export const GROUP_SPEAK_MSG = {
  muteAll: 'messages.muteAll',
  ownerOnly: 'messages.ownerOnly',
  memberMuted: 'messages.memberMuted',
} as const satisfies Record<SpeakVerdict extends { reason: infer R } ? R & string : never, ErrorKey>;
export const GROUP_NAME_MAX = 30;
/** characters of text a reader sees in a notice (its rich-text markup is not counted) */
export const GROUP_NOTICE_MAX = 2000;
/** the notice's HTML as sent (markup included): a notice of GROUP_NOTICE_MAX characters with formatting fits */
export const GROUP_NOTICE_HTML_MAX = 20_000;
/**
 * Members of one group, the creator included: the default of the `groupMaxMembers` setting
 * (sysInfo), which an operator may raise up to GROUP_MAX_MEMBERS_CEILING.
 */
export const GROUP_MAX_MEMBERS = 2000;
/** the highest `groupMaxMembers` an operator may set, and the most people one call may name */
export const GROUP_MAX_MEMBERS_CEILING = 10_000;
/** members answered inline by groupInfo (the member grid); groupUserList gives them all */
export const GROUP_INFO_MEMBERS = 50;
/** tiles of the drawn group avatar */
export const GROUP_AVATAR_TILES = 9;
/** a member mute lasts at most this long */
export const GROUP_MUTE_MAX_DAYS = 30;

/** Refusals of the group bodies: keys of the error table. */
export const GroupMsg = {
  nameEmpty: 'groups.nameEmpty',
  nameLong: 'groups.nameLong',
  noticeLong: 'groups.noticeLong',
  noticeText: 'groups.noticeText',
  groupId: 'groups.groupId',
  userId: 'groups.userId',
  userIds: 'groups.userIds',
  pickOne: 'groups.pickOne',
  tooMany: 'groups.tooMany',
  muteLong: 'groups.muteLong',
  muteWhen: 'groups.muteWhen',
  settingEmpty: 'groups.settingEmpty',
  qrcode: 'groups.scanQr',
  qrInvalid: 'users.qrInvalid',
  roleValue: 'groups.roleValue',
  clientId: 'groups.clientIdRequired',
} as const satisfies Record<string, ErrorKey>;
