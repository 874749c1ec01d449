import { Badge, Button, List } from 'antd-mobile';
import { FolderOutline, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { EntryIcon } from '../../components/EntryIcon.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { SearchEntry } from '../../components/SearchEntry.tsx';
import { TopBarButton } from '../../components/TopBar.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { useFriendList, usePendingRequests } from '../../stores/friends.ts';
import { useSession } from '../../stores/session.ts';
import { indexSections, shownName } from './contactIndex.ts';
import { IndexedList } from './IndexedList.tsx';
import { PersonRow } from './PersonRow.tsx';
import peopleStyles from './people.module.css';
import { PathTo, Paths } from '../../paths.ts';

interface ContactsEntry {
  key: string;
  labelKey: 'contacts.newFriends' | 'contacts.groupChats' | 'contacts.fileTransfer';
  path: string;
  icon: ReactNode;
  color: string;
}

/** Contacts tab: new friends (with the pending count), group chats, file transfer, then my friends A-Z. */
export default function ContactsPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const myId = useSession((s) => s.userInfo?.user_id ?? 0);
  const { friends, loaded, failed, retry } = useFriendList();
  const pending = usePendingRequests();

  const sections = useMemo(() => indexSections(friends), [friends]);

  const entries: ContactsEntry[] = [
    { key: 'new-friends', labelKey: 'contacts.newFriends', path: Paths.newFriends, icon: <UserAddOutline />, color: '#fa9d3b' },
    { key: 'groups', labelKey: 'contacts.groupChats', path: Paths.groupList, icon: <TeamOutline />, color: '#07c160' },
    { key: 'file-transfer', labelKey: 'contacts.fileTransfer', path: PathTo.fileTransfer(myId), icon: <FolderOutline />, color: '#1485ee' },
  ];

  const top = (
    <>
      <SearchEntry placeholder={t('common.search')} onOpen={() => navigate(Paths.search)} testId="contacts-search" />
      <List className={peopleStyles.list}>
        {entries.map((entry) => (
          <List.Item
            key={entry.key}
            prefix={<EntryIcon color={entry.color}>{entry.icon}</EntryIcon>}
            onClick={() => navigate(entry.path)}
            arrowIcon={false}
            extra={
              entry.key === 'new-friends' && pending > 0 ? (
                <Badge content={pending > 99 ? '99+' : pending} data-testid="contacts-new-friends-badge" />
              ) : undefined
            }
            data-testid={`contacts-${entry.key}`}
          >
            {t(entry.labelKey)}
          </List.Item>
        ))}
      </List>
    </>
  );

  let bottom: ReactNode;
  if (friends.length > 0) bottom = <p style={countStyle}>{t('contacts.friendCount', { count: friends.length })}</p>;
  else if (failed)
    bottom = (
      <EmptyState text={t('contacts.loadFailed')}>
        <Button size="small" onClick={retry} data-testid="contacts-retry">
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else if (!loaded) bottom = <PageLoading />;
  else bottom = <EmptyState text={t('contacts.noFriends')} />;

  const addFriend = (
    <TopBarButton label={t('contacts.addFriend')} onClick={() => navigate(Paths.userSearch)} testId="contacts-add-friend">
      <UserAddOutline />
    </TopBarButton>
  );
  return (
    <PageFrame title={t(titleKey)} showBack={false} right={addFriend} testId="contacts-page">
      <IndexedList
        sections={sections}
        keyOf={(f) => f.user_id}
        top={top}
        bottom={bottom}
        testId="friend-list"
        renderItem={(f) => (
          <PersonRow
            name={shownName(f)}
            avatar={f.avatar}
            avatarColor={f.avatar_color}
            online={f.is_online === 1}
            onClick={() => navigate(PathTo.contactDetail(f.user_id))}
            testId={`friend-item-${f.user_id}`}
          />
        )}
      />
    </PageFrame>
  );
}

const countStyle = { margin: 0, padding: '14px 0 24px', textAlign: 'center', color: 'var(--text-secondary)', fontSize: 14 } as const;
