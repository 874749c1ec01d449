import {
  GROUP_NAME_MAX,
  type GroupMemberView,
  groupNameSchema,
  GroupRole,
  mayShareQrcode,
  groupContactId,
  richTextToPlain,
} from '@parley/protocol';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../router/hashRouter.tsx';
import { dissolveGroup, removeGroupMember, renameGroup, setGroupNotice } from '../../../api/groups.ts';
import { askConfirm, showAlert, showToast } from '../../../components/feedback.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { clearHistory as clearChatHistory } from '../../../stores/conversationCommands.ts';
import { applyGroupPush, type GroupEntry, loadGroup, useGroupEntry } from '../../../stores/groups.ts';
import { markNoticeSeen } from '../../../stores/groupNoticeSeen.ts';
import { useSession } from '../../../stores/session.ts';
import { EditTextPopup } from './EditTextPopup.tsx';
import { GroupAvatar } from './GroupAvatar.tsx';
import { GroupSwitches } from './GroupSwitches.tsx';
import styles from './group.module.css';
import { inviteMembers } from './groupActions.ts';
import { runGroupCall } from './groupCall.ts';
import { MemberGrid } from './MemberGrid.tsx';
import { NoticeEditorPopup } from './NoticeEditorPopup.tsx';
import { showGroupNotice, useGroupNoticeOnce } from './noticeOnce.tsx';
import { pickAction } from './pickAction.tsx';
import { Paths, PathTo } from '../../../paths.ts';

type Editing = 'name' | 'notice' | null;

/** The info page of a group I am in: avatar, name, notice, QR, members, switches, leave/dissolve. */
export function GroupInfoView({ groupId, title }: { groupId: number; title: string }) {
  const { t } = useTranslation();
  const entry = useGroupEntry(groupId);
  useGroupNoticeOnce(groupId);

  let body: React.ReactNode;
  if (entry?.gone) body = <EmptyState text={t(`groups.gone.${entry.gone}`)} />;
  else if (entry?.group) body = <GroupInfoBody groupId={groupId} entry={entry} />;
  else if (entry?.status === 'error') {
    body = (
      <EmptyState text={entry.error || t('groups.loadFailed')}>
        <Button size="small" onClick={() => void loadGroup(groupId)} data-testid="group-info-retry">
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else body = <PageLoading />;

  const count = entry?.group?.member_count;
  return (
    <PageFrame title={count ? t('common.withCount', { text: title, count }) : title} testId="group-info-page">
      {body}
    </PageFrame>
  );
}

function GroupInfoBody({ groupId, entry }: { groupId: number; entry: GroupEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const myId = useSession((s) => s.userInfo?.user_id ?? 0);
  const [editing, setEditing] = useState<Editing>(null);
  const group = entry.group!;
  const perms = group.permissions;
  const owner = group.role === GroupRole.OWNER;

  const saveName = async (value: string) => {
    const answer = await runGroupCall(renameGroup(groupId, value.trim()));
    if (answer) applyGroupPush.editGroupName({ ...answer, id: groupContactId(groupId) });
    return Boolean(answer);
  };

  const saveNotice = async (value: string) => {
    const answer = await runGroupCall(setGroupNotice(groupId, value.trim()));
    if (!answer) return false;
    markNoticeSeen(groupId, answer.notice_at);
    applyGroupPush.setNotice({ ...answer, id: groupContactId(groupId) });
    showToast(t('groups.saved'), 'success');
    return true;
  };

  const openNotice = () => {
    if (perms.notice) setEditing('notice');
    else if (group.notice) void showGroupNotice(group.notice);
    else showToast(t('groups.noticeOnlyManagers'));
  };

  const openMember = (member: GroupMemberView) => {
    if (member.user_id !== myId) navigate(PathTo.contactDetail(member.user_id));
  };

  const clearHistory = async () => {
    let all = false;
    if (perms.clearForAll) {
      const choice = await chooseClearScope();
      if (!choice) return;
      all = choice === 'all';
    }
    const confirmed = await askConfirm({
      content: all ? t('groups.clearForAllConfirm') : t('groups.clearConfirm'),
      danger: true,
    });
    if (!confirmed) return;
    if (await clearChatHistory({ id: groupContactId(groupId), is_group: 1 }, all)) showToast(t('groups.cleared'), 'success');
  };

  const chooseClearScope = () =>
    pickAction<'me' | 'all'>([
      { key: 'me', text: t('groups.clearForMe'), testId: 'group-clear-me' },
      { key: 'all', text: t('groups.clearForAll'), testId: 'group-clear-all', danger: true },
    ]);

  const leave = async () => {
    if (owner) {
      await showAlert({ content: t('groups.ownerMustTransfer') });
      return;
    }
    if (!(await askConfirm({ content: t('groups.leaveConfirm'), confirmText: t('groups.leave'), danger: true }))) return;
    if (!(await runGroupCall(removeGroupMember(groupId, myId)))) return;
    showToast(t('groups.left'));
    navigate(Paths.home, { replace: true });
  };

  const dissolve = async () => {
    if (!(await askConfirm({ content: t('groups.dissolveConfirm'), confirmText: t('groups.dissolve'), danger: true }))) return;
    if (!(await runGroupCall(dissolveGroup(groupId)))) return;
    navigate(Paths.home, { replace: true });
  };

  const nameProblem = (value: string) => (groupNameSchema.safeParse(value).success ? '' : t('groups.nameEmpty'));

  return (
    <>
      <div className={styles.header}>
        <GroupAvatar avatar={group.avatar} tiles={group.avatars} name={group.name} size={56} testId="group-info-avatar" />
        <div className={styles.headerText}>
          <div className={styles.headerName} data-testid="group-info-title">
            {group.name}
          </div>
          {group.member_count !== null ? (
            <div className={styles.headerSub}>{t('groups.joinMembers', { count: group.member_count })}</div>
          ) : null}
        </div>
      </div>

      <div className={styles.section}>
        {perms.viewMembers ? (
          <>
            <MemberGrid
              members={entry.members}
              canInvite={perms.invite}
              canRemove={perms.moderate !== 'none'}
              onMember={openMember}
              onInvite={() => void inviteMembers(groupId)}
              onRemove={() => navigate(PathTo.groupMembers(groupId))}
            />
            <div className={styles.moreMembers}>
              <Button fill="none" size="small" onClick={() => navigate(PathTo.groupMembers(groupId))} data-testid="group-view-all">
                {group.member_count ? t('common.withCount', { text: t('groups.viewAll'), count: group.member_count }) : t('groups.viewAll')}
              </Button>
            </div>
          </>
        ) : (
          <div className={styles.hint}>{t('groups.membersHidden')}</div>
        )}
      </div>

      <List className={styles.section}>
        <List.Item
          onClick={perms.rename ? () => setEditing('name') : undefined}
          arrowIcon={perms.rename}
          extra={<span data-testid="group-info-name-value">{group.name}</span>}
          data-testid="group-info-name"
        >
          {t('groups.name')}
        </List.Item>
        {mayShareQrcode(group.role, group.setting) ? (
          <List.Item onClick={() => navigate(PathTo.groupQrcode(groupId))} data-testid="group-qrcode-entry">
            {t('groups.qrcode')}
          </List.Item>
        ) : null}
        <List.Item
          onClick={openNotice}
          description={
            <span className={styles.noticePreview} data-testid="group-info-notice-text">
              {richTextToPlain(group.notice) || t('groups.noticeNone')}
            </span>
          }
          data-testid="group-info-notice"
        >
          {t('groups.notice')}
        </List.Item>
      </List>

      <div className={styles.section}>
        <GroupSwitches groupId={groupId} role={group.role} setting={group.setting} />
      </div>

      <List className={styles.section}>
        <List.Item onClick={() => void clearHistory()} arrowIcon={false} data-testid="group-clear-history">
          {t('groups.clearHistory')}
        </List.Item>
      </List>

      <div className={styles.dangerButtons}>
        <button type="button" className={styles.dangerButton} onClick={() => void leave()} data-testid="group-leave">
          {t('groups.leave')}
        </button>
        {perms.dissolve ? (
          <button type="button" className={styles.dangerButton} onClick={() => void dissolve()} data-testid="group-dissolve">
            {t('groups.dissolve')}
          </button>
        ) : null}
      </div>

      <EditTextPopup
        open={editing === 'name'}
        title={t('groups.editName')}
        initial={group.name}
        placeholder={t('groups.namePlaceholder')}
        maxLength={GROUP_NAME_MAX}
        validate={nameProblem}
        onSave={saveName}
        onClose={() => setEditing(null)}
        testId="group-name-editor"
      />
      <NoticeEditorPopup open={editing === 'notice'} initial={group.notice} onSave={saveNotice} onClose={() => setEditing(null)} />
    </>
  );
}
