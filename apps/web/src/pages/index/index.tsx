import { lazy, Suspense, useState } from 'react';
import { loadQueryClient } from '../../api/queryClientRef.ts';
import { loadDeferredTexts, useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { ConnectionBanner } from '../../components/ConnectionBanner.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { SearchEntry } from '../../components/SearchEntry.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { displayNameOf, useSession } from '../../stores/session.ts';
import { ChatList } from './ChatList.tsx';
import { HomeMenu } from './HomeMenu.tsx';
import { Paths } from '../../paths.ts';

const SEARCH_PATH = Paths.search;

/** The personal area loads with the first tap on the avatar, with the query cache and the texts it reads. */
const MinePanel = lazy(() =>
  Promise.all([import('./MinePanel.tsx'), loadQueryClient(), loadDeferredTexts()]).then(([m]) => ({ default: m.MinePanel })),
);

/** Home: the chat list, with the personal area behind the avatar and the '+' menu. */
export default function HomePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const [mineOpen, setMineOpen] = useState(false);
  const [mineWanted, setMineWanted] = useState(false);
  const name = displayNameOf(user);

  const avatar = (
    <span style={{ paddingLeft: 8, display: 'inline-flex' }}>
      <Avatar
        name={name}
        avatar={user?.avatar}
        color={user?.avatar_color}
        size={32}
        onClick={() => {
          setMineWanted(true);
          setMineOpen(true);
        }}
        label={t('home.openMine')}
        testId="home-avatar"
      />
    </span>
  );
  return (
    <PageFrame title={t(titleKey)} showBack={false} left={avatar} right={<HomeMenu />} testId="home-page">
      <ChatList
        top={
          <>
            <ConnectionBanner />
            <SearchEntry placeholder={t('home.searchPlaceholder')} onOpen={() => navigate(SEARCH_PATH)} testId="home-search" />
          </>
        }
      />
      {mineWanted ? (
        <Suspense fallback={null}>
          <MinePanel open={mineOpen} onClose={() => setMineOpen(false)} />
        </Suspense>
      ) : null}
    </PageFrame>
  );
}
