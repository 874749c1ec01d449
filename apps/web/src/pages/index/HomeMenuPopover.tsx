import { Popover, type PopoverMenuProps } from 'antd-mobile';
import { ScanningOutline, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { appContainer } from '../../layout.ts';
import { Paths } from '../../paths.ts';

const MENU_TARGETS = {
  newGroup: Paths.userSelection,
  addFriend: Paths.userSearch,
  scan: Paths.scan,
} as const;

type MenuKey = keyof typeof MENU_TARGETS;

/** The '+' menu's popover around its button: new group, add friend, scan. Loaded with the first tap (`HomeMenu.tsx`). */
export default function HomeMenuPopover({ visible, onVisibleChange, children }: { visible: boolean; onVisibleChange(visible: boolean): void; children: ReactElement }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions: PopoverMenuProps['actions'] = [
    { key: 'newGroup', icon: <TeamOutline />, text: <span data-testid="home-menu-new-group">{t('home.newGroup')}</span> },
    { key: 'addFriend', icon: <UserAddOutline />, text: <span data-testid="home-menu-add-friend">{t('home.addFriend')}</span> },
    { key: 'scan', icon: <ScanningOutline />, text: <span data-testid="home-menu-scan">{t('home.scan')}</span> },
  ];
  const onAction: PopoverMenuProps['onAction'] = (action) => {
    if (action.key === 'newGroup') void import('../message/group/createGroup.ts').then((m) => m.startNewGroup());
    else navigate(MENU_TARGETS[action.key as MenuKey]);
  };
  return (
    <Popover.Menu
      actions={actions}
      mode="dark"
      placement="bottom-end"
      trigger="click"
      visible={visible}
      onVisibleChange={onVisibleChange}
      getContainer={appContainer}
      onAction={onAction}
      // not kept in the home screen painted at the next start (paint/homePaint.ts)
      data-paint-skip=""
    >
      {children}
    </Popover.Menu>
  );
}
