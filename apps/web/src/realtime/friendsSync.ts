import type { AppendContactPush, DelFriendPush, FriendAnswerPush, FriendRequestPush, IsOnlinePush } from '@parley/protocol';
import { queryClient } from '../api/queryClient.ts';
import { useConversations } from '../stores/conversations.ts';
import { FRIEND_REQUESTS_KEY, FRIENDS_KEY, friendsCache, pendingRequestsQuery } from '../stores/friends.ts';
import { useSession } from '../stores/session.ts';
import { useTabBar } from '../stores/tabBar.ts';
import { onPush, onSocketState } from './socket.ts';

/** The pushes that change friend data, applied to the query cache (exported for tests). */
export const friendPushes = {
  friendRequest(data: FriendRequestPush | undefined): Promise<void> {
    if (typeof data?.count === 'number') friendsCache.setPending(data.count);
    return queryClient.invalidateQueries({ queryKey: FRIEND_REQUESTS_KEY });
  },
  /** My request was answered (or I answered one on another device): both people's pages refresh. */
  friendAnswer(data: FriendAnswerPush | undefined, me: number | undefined): Promise<void> {
    if (!data) return Promise.resolve();
    return friendsCache.changedWith(data.from_user === me ? data.to_user : data.from_user);
  },
  appendContact(data: Pick<AppendContactPush, 'id' | 'is_group'> | undefined): Promise<void> {
    if (!data || data.is_group) return Promise.resolve();
    return friendsCache.changedWith(Number(data.id));
  },
  delFriend(data: DelFriendPush | undefined): Promise<void> {
    if (data?.user_id === undefined) return Promise.resolve();
    friendsCache.remove(Number(data.user_id));
    useConversations.getState().remove(Number(data.user_id));
    return friendsCache.changedWith(Number(data.user_id));
  },
  isOnline(data: IsOnlinePush | undefined): void {
    if (data?.user_id === undefined) return;
    const online = data.is_online ? 1 : 0;
    friendsCache.setOnline(Number(data.user_id), online);
    useConversations.getState().patch(Number(data.user_id), { is_online: online });
  },
};

/**
 * Keeps the friend data live: new requests (red dot), answers, new and removed friends, online
 * dots; reloads after every (re)bind so nothing missed while offline stays wrong. Mirrors the
 * pending count on the contacts tab.
 */
export function startFriendsSync(): void {
  onPush('friendRequest', (data) => void friendPushes.friendRequest(data));
  onPush('friendAnswer', (data) => void friendPushes.friendAnswer(data, useSession.getState().userInfo?.user_id));
  onPush('appendContact', (data) => void friendPushes.appendContact(data));
  onPush('delFriend', (data) => void friendPushes.delFriend(data));
  onPush('isOnline', friendPushes.isOnline);

  onSocketState((state) => {
    if (state === 'bound') void friendsCache.reload();
  });
  useSession.subscribe((state, previous) => {
    if (!state.authToken && previous.authToken) {
      queryClient.removeQueries({ queryKey: FRIENDS_KEY });
      queryClient.removeQueries({ queryKey: FRIEND_REQUESTS_KEY });
    }
  });

  queryClient.getQueryCache().subscribe((event) => {
    const [scope, which] = event.query.queryKey;
    if (scope !== pendingRequestsQuery.queryKey[0] || which !== pendingRequestsQuery.queryKey[1]) return;
    const pending = friendsCache.pending();
    useTabBar.getState().setBadge('contacts', pending > 0 ? pending : undefined);
  });
}
