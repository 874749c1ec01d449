import { useQuery } from '@tanstack/react-query';
import { Badge, List, Popup } from 'antd-mobile';
import {
  AppstoreOutline,
  GlobalOutline,
  InformationCircleOutline,
  PayCircleOutline,
  PictureOutline,
  RightOutline,
  SetOutline,
  StarOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { signOut } from '../../session/signOut.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { EntryIcon } from '../../components/EntryIcon.tsx';
import { askConfirm } from '../../components/feedback.tsx';
import { appContainer } from '../../layout.ts';
import { momentsUnreadQuery } from '../../stores/moments.ts';
import { displayNameOf, useSession } from '../../stores/session.ts';
import styles from './MinePanel.module.css';
import { Paths } from '../../paths.ts';

interface MineEntry {
  key: string;
  labelKey: `mine.${'profile' | 'work' | 'wallet' | 'favorites' | 'moments' | 'settings' | 'language' | 'about'}`;
  path: string;
  icon: ReactNode;
  color: string;
}

/** The personal area's entries, in groups. */
const ENTRY_GROUPS: readonly (readonly MineEntry[])[] = [
  [{ key: 'work', labelKey: 'mine.work', path: Paths.work, icon: <AppstoreOutline />, color: '#fa9d3b' }],
  [
    { key: 'wallet', labelKey: 'mine.wallet', path: Paths.wallet, icon: <PayCircleOutline />, color: '#07c160' },
    { key: 'favorites', labelKey: 'mine.favorites', path: Paths.favorites, icon: <StarOutline />, color: '#fa9d3b' },
    { key: 'moments', labelKey: 'mine.moments', path: Paths.moments, icon: <PictureOutline />, color: '#1485ee' },
  ],
  [
    { key: 'settings', labelKey: 'mine.settings', path: Paths.setting, icon: <SetOutline />, color: '#576b95' },
    { key: 'language', labelKey: 'mine.language', path: Paths.language, icon: <GlobalOutline />, color: '#10aeff' },
    { key: 'about', labelKey: 'mine.about', path: Paths.about, icon: <InformationCircleOutline />, color: '#8c8c8c' },
  ],
];

const PROFILE_PATH = Paths.profile;

/** The personal area: a panel sliding in from the left of the home page. */
export function MinePanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const name = displayNameOf(user);
  const momentsUnread = useQuery(momentsUnreadQuery).data ?? 0;

  const go = (path: string) => {
    onClose();
    navigate(path);
  };

  const logout = async () => {
    const confirmed = await askConfirm({ content: t('mine.logoutConfirm'), confirmText: t('mine.logout'), danger: true });
    if (confirmed) {
      onClose();
      await signOut();
    }
  };

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="left"
      getContainer={appContainer}
      bodyStyle={{ width: '82%', maxWidth: 380 }}
      destroyOnClose
      // not kept in the home screen painted at the next start (paint/homePaint.ts)
      data-paint-skip=""
    >
      <div className={styles.panel} data-testid="mine-panel">
        <button type="button" className={styles.header} onClick={() => go(PROFILE_PATH)} data-testid="mine-item-profile">
          <Avatar name={name} avatar={user?.avatar} color={user?.avatar_color} size={60} />
          <span className={styles.identity}>
            <span className={styles.name}>{name}</span>
            <span className={styles.account}>{t('mine.account', { account: user?.account ?? '' })}</span>
          </span>
          <RightOutline className={styles.chevron} aria-label={t('mine.profile')} />
        </button>
        <div className={styles.lists}>
          {ENTRY_GROUPS.map((group) => (
            <List key={group[0].key} className={styles.group}>
              {group.map((entry) => (
                <List.Item
                  key={entry.key}
                  prefix={<EntryIcon color={entry.color}>{entry.icon}</EntryIcon>}
                  onClick={() => go(entry.path)}
                  data-testid={`mine-item-${entry.key}`}
                  extra={entry.key === 'moments' && momentsUnread > 0 ? <Badge content={Badge.dot} data-testid="mine-moments-dot" /> : undefined}
                >
                  {t(entry.labelKey)}
                </List.Item>
              ))}
            </List>
          ))}
          <div className={styles.logout}>
            <button type="button" className={styles.logoutButton} onClick={logout} data-testid="mine-logout">
              {t('mine.logout')}
            </button>
          </div>
        </div>
      </div>
    </Popup>
  );
}
