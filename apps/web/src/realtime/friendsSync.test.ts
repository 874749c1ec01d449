import { FriendRequestStatus, type PublicProfile } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../api/queryClient.ts';
import { profileQueryKey } from '../api/users.ts';
import { FRIEND_REQUESTS_KEY, FRIENDS_KEY, friendsCache } from '../stores/friends.ts';
import { friendPushes } from './friendsSync.ts';

const ME = 1;
const BOB = 5;
const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

function seedBobsPage(): void {
  queryClient.setQueryData(profileQueryKey(BOB), { user_id: BOB, is_friend: 0 } as unknown as PublicProfile);
  queryClient.setQueryData([...FRIEND_REQUESTS_KEY, 'all'], { list: [], pending: 0 });
  queryClient.setQueryData(FRIENDS_KEY, []);
}

afterEach(() => queryClient.clear());

describe('friend pushes refresh the pages that show the friendship', () => {
  it('marks the user page and the request lists stale when my request is declined', async () => {
    seedBobsPage();
    expect(invalidated(profileQueryKey(BOB))).toBe(false);
    await friendPushes.friendAnswer({ id: 9, from_user: ME, to_user: BOB, status: FriendRequestStatus.REJECTED }, ME);
    expect(invalidated(profileQueryKey(BOB))).toBe(true);
    expect(invalidated([...FRIEND_REQUESTS_KEY, 'all'])).toBe(true);
  });

  it('marks the requester page stale when I answered on another device', async () => {
    queryClient.setQueryData(profileQueryKey(7), { user_id: 7 } as unknown as PublicProfile);
    await friendPushes.friendAnswer({ id: 3, from_user: 7, to_user: ME, status: FriendRequestStatus.AGREED }, ME);
    expect(invalidated(profileQueryKey(7))).toBe(true);
  });

  it('marks the user page and my friend list stale when my request is accepted (appendContact)', async () => {
    seedBobsPage();
    await friendPushes.appendContact({ id: BOB, is_group: 0 });
    expect(invalidated(profileQueryKey(BOB))).toBe(true);
    expect(invalidated(FRIENDS_KEY)).toBe(true);
  });

  it('leaves user pages alone for a new group contact', async () => {
    seedBobsPage();
    await friendPushes.appendContact({ id: 'group-3', is_group: 1 });
    expect(invalidated(profileQueryKey(BOB))).toBe(false);
  });

  it('drops an ended friendship from the cached list and keeps the red dot count from a request push', async () => {
    queryClient.setQueryData(FRIENDS_KEY, [{ user_id: BOB }, { user_id: 6 }]);
    await friendPushes.delFriend({ user_id: BOB });
    expect(queryClient.getQueryData<{ user_id: number }[]>(FRIENDS_KEY)?.map((f) => f.user_id)).toEqual([6]);
    await friendPushes.friendRequest({ id: 1, from: { user_id: 8 } as never, remark: '', created_at: 0, count: 4 });
    expect(friendsCache.pending()).toBe(4);
  });
});
