import { MessageFill, MessageOutline, TeamFill, TeamOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import type { TabKey } from '../stores/tabBar.ts';
import { Paths } from '../paths.ts';

export interface TabDef {
  key: TabKey;
  path: string;
  /** Every path that shows this tab as selected. */
  matches: readonly string[];
  titleKey: `tabbar.${TabKey}`;
  icon: ReactNode;
  activeIcon: ReactNode;
}

/** The two tabs of spec §2 (at most two items, spec §9). */
export const TABS: readonly TabDef[] = [
  {
    key: 'chats',
    path: Paths.home,
    matches: [Paths.home, Paths.homeIndex],
    titleKey: 'tabbar.chats',
    icon: <MessageOutline />,
    activeIcon: <MessageFill />,
  },
  {
    key: 'contacts',
    path: Paths.contacts,
    matches: [Paths.contacts],
    titleKey: 'tabbar.contacts',
    icon: <TeamOutline />,
    activeIcon: <TeamFill />,
  },
];
