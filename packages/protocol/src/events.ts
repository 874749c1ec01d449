/** Socket frames (spec §7, design: Realtime). Every push is `{type, data}`. */
export const PushType = [
  'ping',
  'pong',
  'init',
  'isOnline',
  'offline',
  'updateConfig',
  'simple',
  'group',
  'setChatTop',
  'setIsNotice',
  'addGroup',
  'setManager',
  'addGroupUser',
  'removeUser',
  'editGroupName',
  'removeGroup',
  'setNotice',
  'groupSetting',
  /** Parley: a member's mute changed {group_id, id, user_id, mute_until} */
  'setNoSpeak',
  /** Parley: group history cleared {group_id, id, cleared_msg_id, all} */
  'clearMessage',
  'appendContact',
  /** a friend request arrived (friends module) */
  'friendRequest',
  /** a friendship ended: drop the contact (friends module) */
  'delFriend',
  /** a friend request was accepted or declined, to both sides (friends module) */
  'friendAnswer',
  'webrtc',
  /** messages: the other side read a private chat {toContactId: reader id, msg_id, reader} */
  'isRead',
  /** messages: a message was recalled {msg_id, toContactId, is_group, fromUser, by} */
  'undoMessage',
  /** wallet: my balance changed {balance, reason} */
  'walletBalance',
  /** wallet: a recharge or withdraw request was decided */
  'walletRequest',
  /** red packets: someone opened a packet (to its sender and the claimer) */
  'redPacketOpened',
  /** users: a friend's or co-member's nickname or avatar changed (contract pushes/profile.ts) */
  'profileChanged',
  /** moments: someone liked or commented on my post, or replied to me {unread, kind, from, moment_id} */
  'momentNotice',
  'bindUid',
  'error',
] as const;
export type PushTypeName = (typeof PushType)[number];

export interface Push<T = unknown> {
  type: PushTypeName;
  data?: T;
  client_id?: string;
}

export type ClientFrame =
  | { type: 'ping' }
  | { type: 'pong' }
  | { type: 'close' }
  | { type: 'bindUid'; user_id?: number | string; token: string };
