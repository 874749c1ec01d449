import type { FriendItem } from '@parley/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listFriendRequests, listFriends } from '../api/friends.ts';
import { queryClient } from '../api/queryClient.ts';
import { profileQueryKey } from '../api/users.ts';

/**
 * My friends and my pending friend requests, as TanStack Query data. The pushes of
 * `realtime/friendsSync.ts` update or invalidate these entries; pages only read them.
 */

export const FRIENDS_KEY = ['friends'] as const;
/** Prefix of every friend-request query (the lists of the new-friends page and the pending count). */
export const FRIEND_REQUESTS_KEY = ['friendRequests'] as const;
const PENDING_KEY = [...FRIEND_REQUESTS_KEY, 'pending'] as const;

export const friendsQuery = queryOptions({
  queryKey: FRIENDS_KEY,
  queryFn: ({ signal }) => listFriends({ silent: true, signal }),
});

/** My pending received requests: the red dot of the contacts tab. */
export const pendingRequestsQuery = queryOptions({
  queryKey: PENDING_KEY,
  queryFn: async ({ signal }) => (await listFriendRequests('received', { silent: true, signal })).pending,
});

const NO_FRIENDS: FriendItem[] = [];

/** My friends, loaded on first use: `failed` when the last load failed (`retry` tries again). */
export function useFriendList() {
  const query = useQuery(friendsQuery);
  return { friends: query.data ?? NO_FRIENDS, loaded: query.isSuccess, failed: query.isError, retry: () => void query.refetch() };
}

/** One friend (for a chat title), or undefined. */
export function useFriend(userId: number | null): FriendItem | undefined {
  return useQuery({ ...friendsQuery, enabled: userId !== null, select: (list) => list.find((f) => f.user_id === userId) }).data;
}

/**
 * What I call a user: my remark name for a friend, else `name`. Read from the friend list as far as
 * it is loaded (a chat does not fetch it for this).
 */
export function useRemarkedName(userId: number | string, name: string): string {
  const id = Number(userId);
  const remark = useQuery({ ...friendsQuery, enabled: false, select: (list) => list.find((f) => f.user_id === id)?.remark }).data;
  return remark || name;
}

export function usePendingRequests(): number {
  return useQuery(pendingRequestsQuery).data ?? 0;
}

const updateFriends = (update: (list: FriendItem[]) => FriendItem[]) =>
  queryClient.setQueryData<FriendItem[]>(FRIENDS_KEY, (list) => (list ? update(list) : list));

/** Writes into the cached friend data, for pushes and for answers the server already gave. */
export const friendsCache = {
  setOnline: (userId: number, online: 0 | 1) => updateFriends((list) => list.map((f) => (f.user_id === userId ? { ...f, is_online: online } : f))),
  patch: (userId: number, patch: Partial<FriendItem>) => updateFriends((list) => list.map((f) => (f.user_id === userId ? { ...f, ...patch } : f))),
  remove: (userId: number) => updateFriends((list) => list.filter((f) => f.user_id !== userId)),
  setPending: (count: number) => queryClient.setQueryData(PENDING_KEY, Math.max(0, count)),
  pending: (): number => queryClient.getQueryData<number>(PENDING_KEY) ?? 0,
  /** Friends, requests and the pending count are stale (refetched now where shown); the red dot is fetched now. */
  async reload(): Promise<void> {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: FRIENDS_KEY }),
      queryClient.invalidateQueries({ queryKey: FRIEND_REQUESTS_KEY }),
    ]);
    await queryClient.prefetchQuery(pendingRequestsQuery);
  },
  /** A friendship with `userId` began, ended or was declined: their page and my lists are stale. */
  async changedWith(userId: number): Promise<void> {
    await Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) }), friendsCache.reload()]);
  },
};
