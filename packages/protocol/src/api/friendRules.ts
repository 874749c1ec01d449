import type { ErrorKey } from '../contract/errors.ts';
import { NICKNAME_MAX } from '../limits.ts';

/** Friends' limits, request states and refusal keys (no schema: the web loads these without zod). */

export const FRIEND_REMARK_MAX = 100;
/** The remark name (setNickname) an owner gives a friend: 0 clears it. */
export const FRIEND_NICKNAME_MAX = NICKNAME_MAX;

/** Friend request states (spec §4). */
export const FriendRequestStatus = { PENDING: 0, AGREED: 1, REJECTED: 2 } as const;
export type FriendRequestStatusValue = (typeof FriendRequestStatus)[keyof typeof FriendRequestStatus];

/** Refusals of the friend bodies: keys of the error table. */
export const FriendMsg = {
  groupId: 'friends.groupId',
  userId: 'users.chooseUser',
  requestId: 'friends.chooseRequest',
  remark: 'friends.remarkLong',
  nickname: 'friends.remarkNameLong',
  status: 'friends.status',
  listType: 'friends.listType',
} as const satisfies Record<string, ErrorKey>;
