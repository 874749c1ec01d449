import { z } from 'zod';

/** Group member roles (spec §6). */
export const GroupRole = { OWNER: 1, ADMIN: 2, MEMBER: 3 } as const;
export type GroupRoleValue = (typeof GroupRole)[keyof typeof GroupRole];

/** Who may speak when the group is muted: 0 everyone, 1 mute all (owner and admins speak), 2 only the owner. */
export const NoSpeak = { OFF: 0, ADMINS_ONLY: 1, OWNER_ONLY: 2 } as const;

const bit = z.union([z.literal(0), z.literal(1)]);

/** The group switches of spec §6, stored as JSON on the group. */
export const groupSettingSchema = z.object({
  /** only owner and admins can manage (rename, notice, invite) */
  manage: bit,
  /** members may invite others */
  invite: bit,
  /** members may view history from before they joined */
  history: bit,
  /** members may add each other as friends from the member list */
  addFriend: bit,
  /** 0 everyone speaks, 1 mute all (owner and admins speak), 2 only the owner speaks */
  nospeak: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** hide the member count and keep members from viewing group info */
  hideMembers: bit,
});
export type GroupSetting = z.infer<typeof groupSettingSchema>;

export const DEFAULT_GROUP_SETTING: GroupSetting = {
  manage: 1,
  invite: 1,
  history: 1,
  addFriend: 1,
  nospeak: 0,
  hideMembers: 0,
};

export function parseGroupSetting(json: string): GroupSetting {
  try {
    return { ...DEFAULT_GROUP_SETTING, ...groupSettingSchema.partial().parse(JSON.parse(json)) };
  } catch {
    return { ...DEFAULT_GROUP_SETTING };
  }
}

export type SpeakVerdict = { ok: true } | { ok: false; reason: 'muteAll' | 'ownerOnly' | 'memberMuted'; until?: number };

/** Whether a member may send now (spec §4 Group): group mute mode, then the member's own mute. */
export function canSpeakInGroup(role: number, setting: GroupSetting, muteUntil: number, now = Date.now()): SpeakVerdict {
  if (setting.nospeak === NoSpeak.OWNER_ONLY && role !== GroupRole.OWNER) return { ok: false, reason: 'ownerOnly' };
  if (setting.nospeak === NoSpeak.ADMINS_ONLY && role === GroupRole.MEMBER) return { ok: false, reason: 'muteAll' };
  if (role !== GroupRole.OWNER && muteUntil > now) return { ok: false, reason: 'memberMuted', until: muteUntil };
  return { ok: true };
}

export const GROUP_SPEAK_MSG = {
  muteAll: 'The group is muted: only the owner and admins can send messages.',
  ownerOnly: 'Only the group owner can send messages in this group.',
  memberMuted: 'You are muted in this group until',
} as const;

/** Contact ids: a group's is `group-<n>`; the system notifications contact is `system`. */
export const GROUP_PREFIX = 'group-';
export const SYSTEM_CONTACT_ID = 'system';
export function groupContactId(groupId: number): string {
  return `${GROUP_PREFIX}${groupId}`;
}
export function parseGroupContactId(id: unknown): number | null {
  if (typeof id !== 'string' || !id.startsWith(GROUP_PREFIX)) return null;
  const n = Number(id.slice(GROUP_PREFIX.length));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
