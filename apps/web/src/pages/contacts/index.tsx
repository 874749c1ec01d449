import { List } from 'antd-mobile';
import { FolderOutline, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.tsx';
import { EntryIcon } from '../../components/EntryIcon.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { SearchEntry } from '../../components/SearchEntry.tsx';
import { TopBarButton } from '../../components/TopBar.tsx';
import type { PageProps } from '../../router/pageProps.ts';

/** The chat with oneself for moving files between devices; the chats feature decides its contact id. */
const FILE_TRANSFER_CHAT = '/pages/message/chat?toContactId=fileTransfer';

interface ContactsEntry {
  key: string;
  labelKey: 'contacts.newFriends' | 'contacts.groupChats' | 'contacts.fileTransfer';
  path: string;
  icon: ReactNode;
  color: string;
}

const ENTRIES: readonly ContactsEntry[] = [
  { key: 'new-friends', labelKey: 'contacts.newFriends', path: '/pages/contacts/friend', icon: <UserAddOutline />, color: '#fa9d3b' },
  { key: 'groups', labelKey: 'contacts.groupChats', path: '/pages/contacts/group', icon: <TeamOutline />, color: '#07c160' },
  { key: 'file-transfer', labelKey: 'contacts.fileTransfer', path: FILE_TRANSFER_CHAT, icon: <FolderOutline />, color: '#1485ee' },
];

/** Contacts tab: fixed entries, then the friend list (filled by the contacts feature). */
export default function ContactsPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addFriend = (
    <TopBarButton label={t('contacts.addFriend')} onClick={() => navigate('/pages/contacts/search')} testId="contacts-add-friend">
      <UserAddOutline />
    </TopBarButton>
  );
  return (
    <PageFrame title={t(titleKey)} showBack={false} right={addFriend} testId="contacts-page">
      <SearchEntry placeholder={t('common.search')} onOpen={() => navigate('/pages/index/search')} testId="contacts-search" />
      <List>
        {ENTRIES.map((entry) => (
          <List.Item
            key={entry.key}
            prefix={<EntryIcon color={entry.color}>{entry.icon}</EntryIcon>}
            onClick={() => navigate(entry.path)}
            arrowIcon={false}
            data-testid={`contacts-${entry.key}`}
          >
            {t(entry.labelKey)}
          </List.Item>
        ))}
      </List>
      <List header={t('contacts.friends')} data-testid="friend-list">
        <EmptyState />
      </List>
    </PageFrame>
  );
}
