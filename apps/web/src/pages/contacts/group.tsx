import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { TopBarButton } from '../../components/TopBar.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { loadGroupList, useGroupsStore } from '../../stores/groups.ts';
import { startNewGroup } from '../message/group/createGroup.ts';
import { GroupAvatar } from '../message/group/GroupAvatar.tsx';
import styles from '../message/group/group.module.css';
import { PathTo } from '../../paths.ts';

/** `#/pages/contacts/group`: the group chats I am in; a tap opens the chat. */
export default function GroupListPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useGroupsStore((s) => s.list);
  const failed = useGroupsStore((s) => s.listError);

  useEffect(() => {
    void loadGroupList();
  }, []);

  const newGroup = (
    <TopBarButton label={t('groups.newGroup')} onClick={() => void startNewGroup()} testId="group-list-new">
      <AddOutline />
    </TopBarButton>
  );

  let body: React.ReactNode;
  if (list === null && failed) {
    body = (
      <EmptyState text={t('groups.list.loadFailed')}>
        <Button size="small" onClick={() => void loadGroupList()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (list === null) body = <PageLoading />;
  else if (list.length === 0) {
    body = (
      <EmptyState text={t('groups.list.empty')}>
        <Button size="small" color="primary" onClick={() => void startNewGroup()} data-testid="group-list-empty-new">
          {t('groups.newGroup')}
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div data-testid="group-list">
          {list.map((group) => (
            <button
              key={group.group_id}
              type="button"
              className={styles.groupRow}
              onClick={() => navigate(PathTo.groupChat(group.group_id, group.name))}
              data-testid={`group-item-${group.group_id}`}
            >
              <GroupAvatar avatar={group.avatar} tiles={group.avatars} name={group.name} size={44} />
              <span className={styles.groupRowName}>{group.name}</span>
              {group.member_count !== null ? <span className={styles.memberRowSub}>({group.member_count})</span> : null}
            </button>
          ))}
        </div>
        <div className={styles.groupCount}>{t('groups.list.count', { count: list.length })}</div>
      </>
    );
  }

  return (
    <PageFrame title={t(titleKey)} right={newGroup} testId="group-list-page">
      {body}
    </PageFrame>
  );
}
