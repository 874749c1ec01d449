import { z } from 'zod';
import { bitSchema } from '../entities.ts';
import { wholeNumber } from './numbers.ts';
import { FRIEND_NICKNAME_MAX, FRIEND_REMARK_MAX, FriendMsg } from './friendRules.ts';
export * from './friendRules.ts';

/** Friends (spec §3-§4, §7 `/enterprise/friend/*`). See docs/api/friends.md. */

/** A positive integer id given as a number or a string of digits ('12' and 12 are the same). */
export function entityIdSchema(msg: string) {
  return z
    .union([z.number({ error: msg }), z.string({ error: msg }).trim().regex(/^\d{1,10}$/, { error: msg }).transform(Number)], {
      error: msg,
    })
    .pipe(z.number({ error: msg }).int({ error: msg }).positive({ error: msg }).max(2_147_483_647, { error: msg }));
}

export const friendAddBody = z.object({
  user_id: entityIdSchema(FriendMsg.userId),
  remark: z.string({ error: FriendMsg.remark }).trim().max(FRIEND_REMARK_MAX, { error: FriendMsg.remark }).default(''),
  /** set when the request is made from a group's member list: the group's addFriend switch applies */
  group_id: entityIdSchema(FriendMsg.groupId).optional(),
});
export type FriendAddBody = z.infer<typeof friendAddBody>;

export const friendIndexBody = z.object({
  type: z.enum(['received', 'sent', 'all'], { error: FriendMsg.listType }).default('all'),
  page: wholeNumber(1, 10_000).default(1),
  limit: wholeNumber(1, 100).default(50),
});
export type FriendIndexBody = z.infer<typeof friendIndexBody>;

export const friendUpdateBody = z.object({
  friend_id: entityIdSchema(FriendMsg.requestId),
  status: z.union([z.literal(1), z.literal(2), z.literal('1').transform(() => 1 as const), z.literal('2').transform(() => 2 as const)], {
    error: FriendMsg.status,
  }),
});
export type FriendUpdateBody = z.infer<typeof friendUpdateBody>;

export const friendDelBody = z.object({ id: entityIdSchema(FriendMsg.userId) });
export type FriendDelBody = z.infer<typeof friendDelBody>;

export const friendSetNicknameBody = z.object({
  id: entityIdSchema(FriendMsg.userId),
  nickname: z.string({ error: FriendMsg.nickname }).trim().max(FRIEND_NICKNAME_MAX, { error: FriendMsg.nickname }),
});
export type FriendSetNicknameBody = z.infer<typeof friendSetNicknameBody>;

export const friendListBody = z.object({}).loose();

/** The few public fields shown next to a request. */
export const userLiteSchema = z.object({
  user_id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** the viewer's remark name for this user when they are friends, else the nickname */
  displayName: z.string(),
  avatar: z.string(),
  avatar_color: z.number().int(),
});
export type UserLite = z.infer<typeof userLiteSchema>;

const requestStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** One row of `/enterprise/friend/index`. */
export const friendRequestItemSchema = z.object({
  /** the request id (what `/enterprise/friend/update` takes as `friend_id`) */
  id: z.number().int(),
  from_user: z.number().int(),
  to_user: z.number().int(),
  /** 'received': sent to me; 'sent': initiated by me */
  direction: z.enum(['received', 'sent']),
  remark: z.string(),
  status: requestStatusSchema,
  created_at: z.number(),
  updated_at: z.number(),
  /** the other person */
  user: userLiteSchema,
});
export type FriendRequestItem = z.infer<typeof friendRequestItemSchema>;

/** `/enterprise/friend/add` answer. status 0: the request waits; 1: you are now friends (they had asked you). */
export const friendAddResultSchema = z.object({ id: z.number().int(), status: requestStatusSchema });
export type FriendAddResult = z.infer<typeof friendAddResultSchema>;

/** One row of `/enterprise/friend/list`. */
export const friendItemSchema = z.object({
  user_id: z.number().int(),
  /** remark name if set, else the nickname */
  displayName: z.string(),
  nickname: z.string(),
  /** my remark name for this friend ('' when none) */
  remark: z.string(),
  account: z.string(),
  avatar: z.string(),
  avatar_color: z.number().int(),
  signature: z.string(),
  gender: z.string(),
  /** index letter of displayName: A-Z, or '#' */
  index: z.string(),
  is_online: bitSchema,
  created_at: z.number(),
});
export type FriendItem = z.infer<typeof friendItemSchema>;

/** Push `friendRequest` (to the addressee): a new (or renewed) request. */
export const friendRequestPushSchema = z.object({
  id: z.number().int(),
  from: userLiteSchema,
  remark: z.string(),
  created_at: z.number(),
  /** the addressee's pending count after this request (the red dot) */
  count: z.number().int(),
});
export type FriendRequestPush = z.infer<typeof friendRequestPushSchema>;

/**
 * Push `friendAnswer`: request `id` from `from_user` to `to_user` was accepted (status 1) or declined
 * (status 2). Sent to both people (every device), so open pages of either refresh.
 */
export const friendAnswerPushSchema = z.object({
  id: z.number().int(),
  from_user: z.number().int(),
  to_user: z.number().int(),
  status: requestStatusSchema,
});
export type FriendAnswerPush = z.infer<typeof friendAnswerPushSchema>;

/** Push `delFriend`: `user_id` is no longer your friend; drop the contact and its chat row. */
export const delFriendPushSchema = z.object({ user_id: z.number().int() });
export type DelFriendPush = z.infer<typeof delFriendPushSchema>;

/** Push `isOnline`: a friend came online (1) or went offline (0). */
export const isOnlinePushSchema = z.object({ user_id: z.number().int(), is_online: bitSchema });
export type IsOnlinePush = z.infer<typeof isOnlinePushSchema>;
