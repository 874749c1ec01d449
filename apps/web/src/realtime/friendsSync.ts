import type { DelFriendPush, FriendRequestPush, IsOnlinePush } from '@parley/protocol';
import { queryClient } from '../api/queryClient.ts';
import { profileQueryKey } from '../api/users.ts';
import { useConversations } from '../stores/conversations.ts';
import { useFriends } from '../stores/friends.ts';
import { useSession } from '../stores/session.ts';
import { useTabBar } from '../stores/tabBar.ts';
import { onPush, onSocketState } from './socket.ts';

/** Query key prefix of the friend request lists (the new-friends page). */
export const FRIEND_REQUESTS_KEY = ['friendRequests'] as const;

function reloadAll(): void {
  const friends = useFriends.getState();
  void friends.refresh();
  void friends.refreshPending();
  void queryClient.invalidateQueries({ queryKey: FRIEND_REQUESTS_KEY });
}

/**
 * Keeps the friends store live: new requests (red dot), new and removed friends, online dots; reloads
 * after every (re)bind so nothing missed while offline stays wrong. Mirrors the pending count on the
 * contacts tab.
 */
export function startFriendsSync(): void {
  onPush<FriendRequestPush>('friendRequest', (data) => {
    if (typeof data?.count === 'number') useFriends.getState().setPending(data.count);
    else void useFriends.getState().refreshPending();
    void queryClient.invalidateQueries({ queryKey: FRIEND_REQUESTS_KEY });
  });
  onPush('appendContact', (data: { is_group?: number } | undefined) => {
    if (data?.is_group) return;
    reloadAll();
  });
  onPush<DelFriendPush>('delFriend', (data) => {
    if (data?.user_id === undefined) return;
    useFriends.getState().remove(Number(data.user_id));
    useConversations.getState().remove(Number(data.user_id));
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(Number(data.user_id)) });
  });
  onPush<IsOnlinePush>('isOnline', (data) => {
    if (data?.user_id === undefined) return;
    const online = data.is_online ? 1 : 0;
    useFriends.getState().setOnline(Number(data.user_id), online);
    useConversations.getState().patch(Number(data.user_id), { is_online: online });
  });

  onSocketState((state) => {
    if (state === 'bound') reloadAll();
  });
  useSession.subscribe((state, previous) => {
    if (!state.authToken && previous.authToken) {
      useFriends.getState().reset();
      queryClient.removeQueries({ queryKey: FRIEND_REQUESTS_KEY });
    }
  });

  useFriends.subscribe((state, previous) => {
    if (state.pending !== previous.pending) useTabBar.getState().setBadge('contacts', state.pending > 0 ? state.pending : undefined);
  });
}
