import { delFriendPushSchema, friendRequestPushSchema, isOnlinePushSchema } from '../../api/friends.ts';
import { appendContactPushSchema } from '../../api/messages.ts';

export const friendsPushes = {
  /** a friend came online (1) or went offline (0) */
  isOnline: isOnlinePushSchema,
  /** a friend request arrived */
  friendRequest: friendRequestPushSchema,
  /** a friendship ended: drop the contact */
  delFriend: delFriendPushSchema,
  /** a new private contact for the chat list */
  appendContact: appendContactPushSchema,
};
