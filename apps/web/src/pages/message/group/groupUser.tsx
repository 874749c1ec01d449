import { type GroupMemberView, GroupRole, toGroupId } from '@parley/protocol';
import { Button, SearchBar } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/Avatar.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { MissingTarget } from '../../../components/MissingTarget.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { TagLabel } from '../../../components/TagLabel.tsx';
import { TopBarButton } from '../../../components/TopBar.tsx';
import type { PageProps } from '../../../router/pageProps.ts';
import { loadGroup, loadMembers, useGroupEntry, useTickAt } from '../../../stores/groups.ts';
import { useSession } from '../../../stores/session.ts';
import styles from './group.module.css';
import { inviteMembers } from './groupActions.ts';
import { formatMuteUntil, openMemberMenu } from './memberMenu.tsx';
import { byRole, memberActions } from './permissions.ts';
import { PathTo } from '../../../paths.ts';

/** `#/pages/message/group/groupUser?group_id=<n>`: every member with role tags and what I may do to each. */
export default function GroupUserPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groupId = toGroupId(query.group_id);
  const entry = useGroupEntry(groupId);
  const myId = useSession((s) => s.userInfo?.user_id ?? 0);
  const [keyword, setKeyword] = useState('');
  const group = entry?.group;
  const hidden = group ? !group.permissions.viewMembers : false;

  useEffect(() => {
    if (groupId && !hidden) void loadMembers(groupId);
  }, [groupId, hidden]);

  // the "muted until" lines go away by themselves when the first mute ends
  const now = Date.now();
  const nextMuteEnd = Math.min(...(entry?.members ?? []).map((m) => (m.mute_until > now ? m.mute_until : Infinity)));
  useTickAt(Number.isFinite(nextMuteEnd) ? nextMuteEnd : 0);

  const members = useMemo(() => {
    const words = keyword.trim().toLowerCase();
    const all = byRole(entry?.members ?? []);
    return words ? all.filter((m) => m.nickname.toLowerCase().includes(words)) : all;
  }, [entry?.members, keyword]);

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
  else if (hidden) body = <EmptyState text={t('groups.membersHidden')} />;
  else {
    const me = { user_id: myId, role: group.role };
    const open = (member: GroupMemberView) => {
      const profile = () => navigate(PathTo.contactDetail(member.user_id));
      if (member.user_id === myId) return;
      void openMemberMenu(groupId, member, memberActions(me, member), profile);
    };
    body = (
      <>
        <SearchBar placeholder={t('groups.searchMembers')} value={keyword} onChange={setKeyword} style={{ padding: '8px 12px' }} />
        <div data-testid="group-user-list">
          {members.map((member) => (
            <MemberRow key={member.user_id} member={member} isMe={member.user_id === myId} onClick={() => open(member)} />
          ))}
        </div>
        {members.length === 0 ? <EmptyState /> : null}
      </>
    );
  }

  return (
    <PageFrame title={title} right={add} testId="group-user-page">
      {body}
    </PageFrame>
  );
}

function MemberRow({ member, isMe, onClick }: { member: GroupMemberView; isMe: boolean; onClick(): void }) {
  const { t } = useTranslation();
  const muted = member.mute_until > Date.now();
  return (
    <button type="button" className={styles.memberRow} onClick={onClick} data-testid={`member-${member.user_id}`}>
      <Avatar name={member.nickname} avatar={member.avatar} color={member.avatar_color} size={40} />
      <span className={styles.memberRowText}>
        <span className={styles.memberRowName}>
          {member.nickname}
          {isMe ? <span className={styles.memberRowSub}>({t('groups.me')})</span> : null}
          {member.role === GroupRole.OWNER ? <TagLabel color="orange">{t('groups.roleOwner')}</TagLabel> : null}
          {member.role === GroupRole.ADMIN ? <TagLabel color="blue">{t('groups.roleAdmin')}</TagLabel> : null}
        </span>
        {muted ? (
          <span className={`${styles.memberRowSub} ${styles.muted}`} data-testid={`member-muted-${member.user_id}`}>
            {t('groups.mute.until', { time: formatMuteUntil(member.mute_until) })}
          </span>
        ) : null}
      </span>
    </button>
  );
}
