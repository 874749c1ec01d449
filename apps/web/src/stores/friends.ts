import type { FriendItem } from '@parley/protocol';
import { create } from 'zustand';
import { listFriendRequests, listFriends } from '../api/friends.ts';

interface FriendsState {
  friends: FriendItem[];
  /** true once the list came from the server at least once */
  loaded: boolean;
  /** true when the last load failed (the page offers a retry) */
  failed: boolean;
  /** my pending received friend requests (the red dot) */
  pending: number;
  refresh(): Promise<void>;
  refreshPending(): Promise<void>;
  setPending(count: number): void;
  setOnline(userId: number, online: 0 | 1): void;
  patch(userId: number, patch: Partial<FriendItem>): void;
  remove(userId: number): void;
  reset(): void;
}

let loading: Promise<void> | null = null;

/** My friends (with their online dots) and the pending request count, kept live by `realtime/friendsSync.ts`. */
export const useFriends = create<FriendsState>()((set) => ({
  friends: [],
  loaded: false,
  failed: false,
  pending: 0,

  refresh() {
    loading ??= listFriends({ silent: true })
      .then((friends) => set({ friends, loaded: true, failed: false }))
      .catch(() => set({ failed: true }))
      .finally(() => {
        loading = null;
      });
    return loading;
  },

  async refreshPending() {
    const page = await listFriendRequests('received', { silent: true }).catch(() => null);
    if (page) set({ pending: page.pending });
  },

  setPending: (count) => set({ pending: Math.max(0, count) }),

  setOnline: (userId, online) =>
    set((s) => ({ friends: s.friends.map((f) => (f.user_id === userId ? { ...f, is_online: online } : f)) })),

  patch: (userId, patch) => set((s) => ({ friends: s.friends.map((f) => (f.user_id === userId ? { ...f, ...patch } : f)) })),

  remove: (userId) => set((s) => ({ friends: s.friends.filter((f) => f.user_id !== userId) })),

  reset: () => set({ friends: [], loaded: false, failed: false, pending: 0 }),
}));

export function isFriend(userId: number): boolean {
  return useFriends.getState().friends.some((f) => f.user_id === userId);
}
