import { Popover, type PopoverMenuProps } from 'antd-mobile';
import { AddCircleOutline, ScanningOutline, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TopBarButton } from '../../components/TopBar.tsx';
import { appContainer } from '../../layout.ts';
import { startNewGroup } from '../message/group/createGroup.ts';
import { Paths } from '../../paths.ts';

const MENU_TARGETS = {
  newGroup: Paths.userSelection,
  addFriend: Paths.userSearch,
  scan: Paths.scan,
} as const;

type MenuKey = keyof typeof MENU_TARGETS;

/** The '+' menu of the home top bar: new group, add friend, scan. */
export function HomeMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions: PopoverMenuProps['actions'] = [
    { key: 'newGroup', icon: <TeamOutline />, text: <span data-testid="home-menu-new-group">{t('home.newGroup')}</span> },
    { key: 'addFriend', icon: <UserAddOutline />, text: <span data-testid="home-menu-add-friend">{t('home.addFriend')}</span> },
    { key: 'scan', icon: <ScanningOutline />, text: <span data-testid="home-menu-scan">{t('home.scan')}</span> },
  ];
  return (
    <Popover.Menu
      actions={actions}
      mode="dark"
      placement="bottom-end"
      trigger="click"
      getContainer={appContainer}
      onAction={(action) => (action.key === 'newGroup' ? void startNewGroup() : navigate(MENU_TARGETS[action.key as MenuKey]))}
    >
      <TopBarButton label={t('home.more')} testId="home-plus">
        <AddCircleOutline />
      </TopBarButton>
    </Popover.Menu>
  );
}
