import { z } from 'zod';
import { wholeNumber } from './numbers.ts';
import { clientMessageId } from './messages.ts';
import { parseGroupContactId } from '../rules/ids.ts';
import { DEFAULT_GROUP_SETTING, GROUP_MAX_MEMBERS_CEILING, GROUP_MUTE_MAX_DAYS, GROUP_NAME_MAX, GROUP_NOTICE_HTML_MAX, GroupMsg, GroupRole } from './groupRules.ts';
export * from './groupRules.ts';

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

/** Built once: zod compiles a schema on first use, so a schema made per call is compiled per call. */
const storedGroupSetting = groupSettingSchema.partial();

export function parseGroupSetting(json: string): GroupSetting {
  try {
    return { ...DEFAULT_GROUP_SETTING, ...storedGroupSetting.parse(JSON.parse(json)) };
  } catch {
    return { ...DEFAULT_GROUP_SETTING };
  }
}

/**
 * The msg_id above which a member sees the group's messages (red packets among them): 0 when the
 * group shows newcomers its history, else the member's joining message.
 */
export function joinFloor(setting: Pick<GroupSetting, 'history'>, joinedMsgId: number): number {
  return setting.history === 1 ? 0 : joinedMsgId;
}

// ---------------------------------------------------------------------------------------------
// Limits and request bodies of /enterprise/group/* (docs/api/groups.md)

/** A group reference: its number or its contact id `group-<n>`. */
export const groupRefSchema = z
  .union(
    [
      z.number().int().positive().max(2_147_483_647),
      z.string().regex(/^group-[1-9]\d{0,9}$/, { error: GroupMsg.groupId }),
    ],
    { error: GroupMsg.groupId },
  )
  .transform((v) => (typeof v === 'number' ? v : (parseGroupContactId(v) as number)))
  .refine((v) => v <= 2_147_483_647, { error: GroupMsg.groupId });

export const groupUserIdSchema = z
  .number({ error: GroupMsg.userId })
  .int({ error: GroupMsg.userId })
  .positive({ error: GroupMsg.userId })
  .max(2_147_483_647, { error: GroupMsg.userId });

export const groupUserIdsSchema = z
  .array(
    z
      .number({ error: GroupMsg.userIds })
      .int({ error: GroupMsg.userIds })
      .positive({ error: GroupMsg.userIds })
      .max(2_147_483_647, { error: GroupMsg.userIds }),
    { error: GroupMsg.userIds },
  )
  .min(1, { error: GroupMsg.pickOne })
  .max(GROUP_MAX_MEMBERS_CEILING, { error: GroupMsg.tooMany });

/**
 * Every group call names its group as `id` or `group_id` (either spelling, number or `group-<n>`);
 * the parsed body carries it as `gid`.
 */
function withGroup<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({ id: groupRefSchema.optional(), group_id: groupRefSchema.optional(), ...shape })
    .refine((b) => (b as { id?: number }).id !== undefined || (b as { group_id?: number }).group_id !== undefined, {
      error: GroupMsg.groupId,
    })
    .transform((b) => {
      const { id, group_id, ...rest } = b as { id?: number; group_id?: number } & Record<string, unknown>;
      return { ...(rest as z.infer<z.ZodObject<S>>), gid: (group_id ?? id) as number };
    });
}

const groupNameSchema = z
  .string({ error: GroupMsg.nameEmpty })
  .trim()
  .min(1, { error: GroupMsg.nameEmpty })
  .max(GROUP_NAME_MAX, { error: GroupMsg.nameLong });

export const groupAddBody = z.object({
  name: z
    .string({ error: GroupMsg.nameLong })
    .trim()
    .max(GROUP_NAME_MAX, { error: GroupMsg.nameLong })
    .optional()
    .nullable(),
  user_ids: groupUserIdsSchema,
  /** the creator's language's list separator for the default name ("Ann, Bob" / "Ann、Bob"); '、' when absent */
  name_sep: z.string().max(3).optional(),
  /** the client's id of this creation: a retry with it (after a lost answer) answers the group made, not a second one */
  client_id: clientMessageId.optional(),
});
export const groupRefBody = withGroup({});
/** members answered by one page of groupUserList */
export const GROUP_MEMBER_PAGE_MAX = 200;
/**
 * groupUserList: without `limit`, every member (small groups, old clients); with it, one page from
 * `offset`, optionally only members whose name (or my remark for them) contains `keyword`. `count`
 * is the total matching.
 */
export const groupUserListBody = withGroup({
  offset: wholeNumber(0, GROUP_MAX_MEMBERS_CEILING).optional(),
  limit: wholeNumber(1, GROUP_MEMBER_PAGE_MAX).optional(),
  keyword: z.string().trim().max(GROUP_NAME_MAX).optional(),
});
export const editGroupNameBody = withGroup({ displayName: groupNameSchema });
export const setNoticeBody = withGroup({
  /** rich text (spec §9) or plain text; the server sanitizes it and counts its text against GROUP_NOTICE_MAX */
  notice: z.string({ error: GroupMsg.noticeText }).trim().max(GROUP_NOTICE_HTML_MAX, { error: GroupMsg.noticeLong }),
});
export const groupSettingBody = withGroup({
  setting: groupSettingSchema
    .partial()
    .strict()
    .refine((s) => Object.keys(s).length > 0, { error: GroupMsg.settingEmpty }),
});
export const groupUserBody = withGroup({ user_id: groupUserIdSchema });
export const setManagerBody = withGroup({
  user_id: groupUserIdSchema,
  role: z.union([z.literal(GroupRole.ADMIN), z.literal(GroupRole.MEMBER)], {
    error: GroupMsg.roleValue,
  }),
});
export const setNoSpeakBody = withGroup({
  user_id: groupUserIdSchema,
  /** absolute end of the mute in ms; 0 unmutes */
  until: z.number({ error: GroupMsg.muteWhen }).int({ error: GroupMsg.muteWhen }).min(0, { error: GroupMsg.muteWhen }).optional(),
  /** or a length in minutes from now; 0 unmutes */
  minutes: z
    .number({ error: GroupMsg.muteWhen })
    .int({ error: GroupMsg.muteWhen })
    .min(0, { error: GroupMsg.muteWhen })
    .max(GROUP_MUTE_MAX_DAYS * 24 * 60, { error: GroupMsg.muteLong })
    .optional(),
});
export const addGroupUserBody = withGroup({ user_ids: groupUserIdsSchema });
export const clearGroupMessageBody = withGroup({
  all: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
});
export const getAllUserBody = z.object({
  id: groupRefSchema.optional(),
  group_id: groupRefSchema.optional(),
});
export const joinGroupBody = z
  .object({
    qrcode: z.string({ error: GroupMsg.qrcode }).max(2048, { error: GroupMsg.qrInvalid }).optional(),
    code: z.string({ error: GroupMsg.qrcode }).max(2048, { error: GroupMsg.qrInvalid }).optional(),
    group_id: groupRefSchema.optional(),
  })
  .refine((b) => (b.qrcode ?? b.code ?? '').trim() !== '', { error: GroupMsg.qrcode });
export const bindGroupBody = z.object({
  client_id: z.string({ error: GroupMsg.clientId }).min(1).max(64),
  group_id: groupRefSchema,
});

// ---------------------------------------------------------------------------------------------
// Answers and push data

/** One tile of the drawn group avatar (a 3×3 grid of member faces). */
export const groupAvatarTileSchema = z.object({
  user_id: z.number().int(),
  avatar: z.string(),
  nickname: z.string(),
  avatar_color: z.number().int(),
});
export type GroupAvatarTile = z.infer<typeof groupAvatarTileSchema>;

const roleSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const groupSummarySchema = z.object({
  group_id: z.number().int(),
  /** contact id `group-<n>` */
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  /** uploaded picture, '' when none: draw `avatars` as a grid instead */
  avatar: z.string(),
  avatars: z.array(groupAvatarTileSchema),
  owner_id: z.number().int(),
  /** null when hidden from me (hideMembers and I am a plain member) */
  member_count: z.number().int().nullable(),
  /** my role */
  role: roleSchema,
  notice: z.string(),
  notice_at: z.number(),
  setting: groupSettingSchema,
  created_at: z.number(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupMemberViewSchema = z.object({
  user_id: z.number().int(),
  /** my remark for them when they are my friend, else their nickname */
  nickname: z.string(),
  avatar: z.string(),
  avatar_color: z.number().int(),
  role: roleSchema,
  /** end of their mute in ms; 0 when not muted (an expired mute reads 0) */
  mute_until: z.number(),
  is_friend: bit,
  /** whether I may send them a friend request from the member list */
  can_add_friend: bit,
});
export type GroupMemberView = z.infer<typeof groupMemberViewSchema>;

/** What my role lets me do in a group right now (the info page shows the controls). */
export const groupPermissionsSchema = z.object({
  rename: z.boolean(),
  notice: z.boolean(),
  invite: z.boolean(),
  setting: z.boolean(),
  /** may flip the `manage` switch and the owner-only speaking mode */
  ownerSetting: z.boolean(),
  setManager: z.boolean(),
  changeOwner: z.boolean(),
  /** may mute and remove: 'all' (owner: everyone but self), 'members' (admin: plain members), 'none' */
  moderate: z.enum(['all', 'members', 'none']),
  dissolve: z.boolean(),
  clearForAll: z.boolean(),
  atAll: z.boolean(),
  viewMembers: z.boolean(),
  leave: z.boolean(),
});
export type GroupPermissions = z.infer<typeof groupPermissionsSchema>;

/** `groupInfo`'s group: the summary plus my own state in it. */
export const groupDetailSchema = groupSummarySchema.extend({
  /** my mute end in ms, 0 when not muted */
  mute_until: z.number(),
  is_top: bit,
  is_notice: bit,
  members_hidden: bit,
  permissions: groupPermissionsSchema,
});
export const groupInfoSchema = z.object({
  group: groupDetailSchema,
  /** the first 50 members ([] when hidden from me) */
  members: z.array(groupMemberViewSchema),
});

/** A row of `group/index` (my groups). */
export const groupListItemSchema = z.object({
  id: z.string(),
  group_id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  avatar: z.string(),
  avatars: z.array(groupAvatarTileSchema),
  member_count: z.number().int().nullable(),
  role: roleSchema,
  owner_id: z.number().int(),
  index: z.string(),
});

const groupRef = { group_id: z.number().int(), /** contact id `group-<n>` */ id: z.string() };

export const groupQrcodeSchema = z.object({
  ...groupRef,
  name: z.string(),
  avatar: z.string(),
  avatars: z.array(groupAvatarTileSchema),
  /** draw this as the QR code */
  text: z.string(),
  expires_at: z.number(),
});

/** `addGroup`: the chat-list row of a group I was added to. */
export const addGroupPushSchema = z.object({
  ...groupRef,
  displayName: z.string(),
  avatar: z.string(),
  avatars: z.array(groupAvatarTileSchema),
  owner_id: z.number().int(),
  type: z.literal('group'),
  is_group: z.literal(1),
  lastContent: z.string(),
  last_extends: z.record(z.string(), z.unknown()),
  lastSendTime: z.number(),
  unread: z.number().int(),
  is_top: bit,
  is_notice: bit,
  is_at: z.number().int(),
  setting: groupSettingSchema,
  notice: z.string(),
  index: z.string(),
});
export const editGroupNamePushSchema = z.object({ ...groupRef, displayName: z.string(), name: z.string() });
/** `by`: who wrote it (their own devices do not show it as news). */
export const setNoticePushSchema = z.object({ ...groupRef, notice: z.string(), notice_at: z.number(), by: z.number().int().optional() });
export const groupSettingPushSchema = z.object({ ...groupRef, setting: groupSettingSchema });
/** setManager and changeOwner: every role that changed. */
export const setManagerPushSchema = z.object({
  ...groupRef,
  owner_id: z.number().int(),
  user_id: z.number().int(),
  role: roleSchema,
  changes: z.array(z.object({ user_id: z.number().int(), role: roleSchema })),
});
export const setNoSpeakPushSchema = z.object({
  ...groupRef,
  user_id: z.number().int(),
  /** ms; 0 unmuted */
  mute_until: z.number(),
});
export const addGroupUserPushSchema = z.object({
  ...groupRef,
  users: z.array(groupAvatarTileSchema.extend({ role: roleSchema })),
  by: z.number().int(),
  member_count: z.number().int(),
  avatars: z.array(groupAvatarTileSchema),
});
export const removeUserPushSchema = z.object({
  ...groupRef,
  user_id: z.number().int(),
  by: z.number().int(),
  /** 1 when they left by themselves */
  left: bit,
  member_count: z.number().int(),
  avatars: z.array(groupAvatarTileSchema),
});
export const removeGroupPushSchema = z.object({ ...groupRef, by: z.number().int(), name: z.string() });
export const clearGroupMessagePushSchema = z.object({ ...groupRef, cleared_msg_id: z.number().int(), all: bit });

export const addedMembersSchema = z.object({
  ...groupRef,
  added: z.array(groupAvatarTileSchema),
  member_count: z.number().int(),
});
export const joinedGroupSchema = groupSummarySchema.extend({ joined: bit });
export const mentionListSchema = z.object({
  list: z.array(
    z.object({
      user_id: z.number().int(),
      nickname: z.string(),
      avatar: z.string(),
      avatar_color: z.number().int(),
      role: roleSchema.optional(),
    }),
  ),
  canAtAll: z.boolean(),
  members_hidden: bit.optional(),
});
export const bindGroupResultSchema = z.object({ ...groupRef, client_id: z.string() });
