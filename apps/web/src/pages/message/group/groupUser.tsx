import { type GroupMemberView, toGroupId } from '@parley/protocol';
import { Button, SearchBar } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../router/hashRouter.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { MissingTarget } from '../../../components/MissingTarget.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { TopBarButton } from '../../../components/TopBar.tsx';
import { useDebounced } from '../../../hooks/useDebounced.ts';
import { PathTo } from '../../../paths.ts';
import type { PageProps } from '../../../router/pageProps.ts';
import { MEMBER_SEARCH_DEBOUNCE_MS } from '../../../stores/groupMembers.ts';
import { loadGroup, useGroupEntry } from '../../../stores/groups.ts';
import { useSession } from '../../../stores/session.ts';
import styles from './group.module.css';
import { inviteMembers } from './groupActions.ts';
import { MemberPagesList } from './MemberPagesList.tsx';
import { MemberRow } from './MemberRow.tsx';
import { openMemberMenu } from './memberMenu.tsx';
import { memberActions } from './permissions.ts';

const ROW_PX = 61;

/**
 * `#/pages/message/group/groupUser?group_id=<n>`: every member with role tags and what I may do to
 * each, loaded page by page as the list scrolls and searched by the server.
 */
export default function GroupUserPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groupId = toGroupId(query.group_id);
  const entry = useGroupEntry(groupId);
  const myId = useSession((s) => s.userInfo?.user_id ?? 0);
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  const group = entry?.group;

  const title = group?.member_count ? t('groups.membersCount', { n: group.member_count }) : t(titleKey);
  const add =
    groupId && group?.permissions.invite ? (
      <TopBarButton label={t('groups.addMember')} onClick={() => void inviteMembers(groupId)} testId="group-user-add">
        <AddOutline />
      </TopBarButton>
    ) : null;

  let body: React.ReactNode;
  if (!groupId) body = <MissingTarget text={t('groups.err.notFound')} />;
  else if (entry?.gone) body = <EmptyState text={t(`groups.gone.${entry.gone}`)} />;
  else if (!group && entry?.status === 'error') {
    body = (
      <EmptyState text={entry.error || t('groups.loadFailed')}>
        <Button size="small" onClick={() => void loadGroup(groupId)}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (!group) body = <PageLoading />;
  else if (!group.permissions.viewMembers) body = <EmptyState text={t('groups.membersHidden')} />;
  else {
    const me = { user_id: myId, role: group.role };
    const open = (member: GroupMemberView) => {
      const profile = () => navigate(PathTo.contactDetail(member.user_id));
      if (member.user_id === myId) return;
      void openMemberMenu(groupId, member, memberActions(me, member), profile);
    };
    body = (
      <div className={styles.memberPage}>
        <div className={styles.memberSearch} data-testid="group-user-search">
          <SearchBar placeholder={t('groups.searchMembers')} value={text} onChange={setText} />
        </div>
        <div className={styles.memberList}>
          <MemberPagesList
            groupId={groupId}
            keyword={keyword}
            rowHeight={ROW_PX}
            renderMember={(member) => <MemberRow member={member} isMe={member.user_id === myId} onClick={() => open(member)} />}
            testId="group-user-list"
          />
        </div>
      </div>
    );
  }

  return (
    <PageFrame title={title} right={add} testId="group-user-page">
      {body}
    </PageFrame>
  );
}
