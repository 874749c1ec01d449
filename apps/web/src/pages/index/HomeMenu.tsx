import { AddCircleOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { TopBarButton } from '../../components/TopBar.tsx';

const HomeMenuPopover = lazy(() => import('./HomeMenuPopover.tsx'));

/** The '+' menu of the home top bar (new group, add friend, scan): its popover loads with the first tap. */
export function HomeMenu() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = (
    <TopBarButton
      label={t('home.more')}
      testId="home-plus"
      onClick={
        wanted
          ? undefined
          : () => {
              setWanted(true);
              setVisible(true);
            }
      }
    >
      <AddCircleOutline />
    </TopBarButton>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <HomeMenuPopover visible={visible} onVisibleChange={setVisible}>
        {button}
      </HomeMenuPopover>
    </Suspense>
  );
}
