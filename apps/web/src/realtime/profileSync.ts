import type { FriendItem } from '@parley/protocol';
import { queryClient } from '../api/queryClient.ts';
import { profileQueryKey } from '../api/users.ts';
import { useConversations } from '../stores/conversations.ts';
import { FRIENDS_KEY, friendsCache } from '../stores/friends.ts';
import { useSession } from '../stores/session.ts';
import { profilePatch } from './profilePatch.ts';
import { onPush } from './socket.ts';

/** A friend's or co-member's new avatar or name redraws the chat list, contacts and their page at once. */
export function startProfileSync(): void {
  onPush('profileChanged', (data) => {
    if (!data || typeof data.user_id !== 'number') return;
    const session = useSession.getState();
    const mine = session.userInfo;
    if (mine && mine.user_id === data.user_id) {
      session.setUserInfo({ ...mine, nickname: data.nickname, avatar: data.avatar, avatar_color: data.avatar_color });
      return;
    }
    const friend = queryClient.getQueryData<FriendItem[]>(FRIENDS_KEY)?.find((f) => f.user_id === data.user_id);
    const patch = profilePatch(data, friend);
    friendsCache.patch(data.user_id, patch.friend);
    useConversations.getState().patch(data.user_id, patch.row);
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(data.user_id) });
  });
}
