import { TAB_BAR } from '@parley/protocol';
import { Badge } from 'antd-mobile';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { useLocation, useNavigate } from '../router/hashRouter.tsx';
import { TABS } from '../router/tabs.tsx';
import { type TabBadge, useTabBar } from '../stores/tabBar.ts';
import styles from './TabBar.module.css';

export interface TabBarItem {
  key: string;
  title: string;
  icon: ReactNode;
  activeIcon?: ReactNode;
  /** A count badge, or 'dot' for a red dot. */
  badge?: TabBadge;
  hidden?: boolean;
}

export interface TabBarProps {
  items: readonly TabBarItem[];
  activeKey: string | undefined;
  onSelect(key: string): void;
}

const barStyle = {
  '--tab-height': `${TAB_BAR.height}px`,
  '--tab-icon': `${TAB_BAR.iconSize}px`,
  '--tab-font': `${TAB_BAR.fontSize}px`,
  '--tab-active': TAB_BAR.selectedColor,
} as CSSProperties;

function badgeContent(badge: TabBadge): ReactNode {
  if (badge === 'dot') return Badge.dot;
  if (!badge || badge <= 0) return null;
  return badge > 99 ? '99+' : String(badge);
}

/** The custom tab bar (spec §9): 50 px high, 24 px icons, 10 px titles, green when selected. */
export function TabBar({ items, activeKey, onSelect }: TabBarProps) {
  return (
    <nav className={styles.bar} style={barStyle} data-testid="tab-bar">
      {items
        .filter((item) => !item.hidden)
        .map((item) => {
          const active = item.key === activeKey;
          return (
            <button
              key={item.key}
              type="button"
              className={active ? `${styles.item} ${styles.active}` : styles.item}
              onClick={() => onSelect(item.key)}
              aria-current={active ? 'page' : undefined}
              data-testid={`tab-${item.key}`}
            >
              <Badge content={badgeContent(item.badge)} data-testid={`tab-badge-${item.key}`}>
                <span className={styles.icon}>{active ? (item.activeIcon ?? item.icon) : item.icon}</span>
              </Badge>
              <span className={styles.title}>{item.title}</span>
            </button>
          );
        })}
    </nav>
  );
}

/** The app's tab bar: the tabs of the router, decorated from the tab-bar store. */
export function AppTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const badges = useTabBar((s) => s.badges);
  const hidden = useTabBar((s) => s.hidden);
  const items = TABS.map((tab) => ({
    key: tab.key,
    title: t(tab.titleKey),
    icon: tab.icon,
    activeIcon: tab.activeIcon,
    badge: badges[tab.key],
    hidden: hidden[tab.key],
  }));
  const active = TABS.find((tab) => tab.matches.includes(pathname));
  const select = (key: string) => {
    const tab = TABS.find((candidate) => candidate.key === key);
    if (tab && tab.key !== active?.key) navigate(tab.path, { replace: true });
  };
  return <TabBar items={items} activeKey={active?.key} onSelect={select} />;
}
