import { create } from 'zustand';

export type TabKey = 'chats' | 'contacts';

/** A number shows a count badge; 'dot' shows a red dot; undefined shows nothing. */
export type TabBadge = number | 'dot' | undefined;

interface TabBarState {
  badges: Record<TabKey, TabBadge>;
  hidden: Record<TabKey, boolean>;
  setBadge(tab: TabKey, badge: TabBadge): void;
  setHidden(tab: TabKey, hidden: boolean): void;
}

/** Runtime decorations of the tab bar: later features set the unread badge or the new-friend dot. */
export const useTabBar = create<TabBarState>()((set) => ({
  badges: { chats: undefined, contacts: undefined },
  hidden: { chats: false, contacts: false },
  setBadge: (tab, badge) => set((s) => ({ badges: { ...s.badges, [tab]: badge } })),
  setHidden: (tab, hidden) => set((s) => ({ hidden: { ...s.hidden, [tab]: hidden } })),
}));
