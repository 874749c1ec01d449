import type { FriendAddResult, FriendItem, FriendRequestItem } from '@parley/protocol';
import { api, type RequestOptions } from './client.ts';

/** Typed calls of `/enterprise/friend/*` (docs/api/friends.md). */

export type RequestDirection = 'received' | 'sent' | 'all';

export interface FriendRequestPage {
  list: FriendRequestItem[];
  /** my pending received requests: the red dot */
  pending: number;
}

export function listFriends(options?: RequestOptions): Promise<FriendItem[]> {
  return api.call('friendList', {}, options);
}

export async function listFriendRequests(type: RequestDirection, options?: RequestOptions): Promise<FriendRequestPage> {
  const envelope = await api.envelope('friendIndex', { type, limit: 100 }, options);
  return { list: envelope.data ?? [], pending: Number(envelope.count ?? 0) };
}

/** Sends a request (status 0), or makes us friends at once when they had asked me (status 1). */
export function addFriend(userId: number, remark: string): Promise<FriendAddResult> {
  return api.call('friendAdd', { user_id: userId, remark });
}

/** Agree (1) or reject (2) a request addressed to me; `requestId` is the request's id. */
export function answerFriendRequest(requestId: number, status: 1 | 2): Promise<FriendRequestItem> {
  return api.call('friendUpdate', { friend_id: requestId, status });
}

export function deleteFriend(userId: number): Promise<{ user_id: number }> {
  return api.call('friendDel', { id: userId });
}

/** My remark name for a friend; '' clears it. */
export function setFriendRemark(
  userId: number,
  nickname: string,
): Promise<{ user_id: number; nickname: string; displayName: string }> {
  return api.call('friendSetNickname', { id: userId, nickname });
}
