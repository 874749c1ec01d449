import { AddCircleOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { TopBarButton } from '../../components/TopBar.tsx';

const HomeMenuPopover = lazy(() => import('./HomeMenuPopover.tsx'));

/**
 * Whether the popover was wanted once in this visit: a home drawn again (the tab changed) then draws
 * it at once, around the button. Drawn only at a tap, its click-outside listener took that very tap
 * (the code was loaded by then) and closed it: the menu needed a second tap.
 */
let popoverWanted = false;

/** The '+' menu of the home top bar (new group, add friend, scan): its popover loads with the first tap. */
export function HomeMenu() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [wanted, setWanted] = useState(popoverWanted);
  const button = (
    <TopBarButton
      label={t('home.more')}
      testId="home-plus"
      onClick={
        wanted
          ? undefined
          : () => {
              popoverWanted = true;
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
