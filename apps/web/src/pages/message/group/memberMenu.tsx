import { GROUP_MUTE_MAX_DAYS, type GroupMemberView, GroupRole, groupContactId } from '@parley/protocol';
import { DatePicker } from 'antd-mobile';
import '../../../components/antdRender.ts';
import dayjs from 'dayjs';
import { changeGroupOwner, removeGroupMember, setGroupManager, setMemberMute } from '../../../api/groups.ts';
import { askConfirm, showToast } from '../../../components/feedback.tsx';
import { t } from '../../../i18n/index.ts';
import { appContainer } from '../../../layout.ts';
import { applyGroupPush } from '../../../stores/groups.ts';
import type { SetManagerPush } from '../../../api/groups.ts';
import { runGroupCall } from './groupCall.ts';
import { pickAction } from './pickAction.tsx';
import type { MemberAction } from './permissions.ts';

export const formatMuteUntil = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

const MUTE_OPTIONS = [
  { key: '10m', minutes: 10 },
  { key: '1h', minutes: 60 },
  { key: '1d', minutes: 24 * 60 },
  { key: 'custom', minutes: 0 },
] as const;
type MuteOption = (typeof MUTE_OPTIONS)[number]['key'];

/** A time picked with the date-time wheel: from one minute ahead up to the longest mute. */
function pickMuteEnd(): Promise<number | null> {
  const now = Date.now();
  return DatePicker.prompt({
    title: t('groups.mute.pickTime'),
    precision: 'minute',
    min: new Date(now + 60_000),
    max: new Date(now + GROUP_MUTE_MAX_DAYS * 24 * 3_600_000),
    defaultValue: new Date(now + 3_600_000),
    getContainer: appContainer,
    confirmText: <span data-testid="mute-custom-confirm">{t('common.confirm')}</span>,
    cancelText: t('common.cancel'),
  }).then((date) => (date ? date.getTime() : null));
}

async function mute(groupId: number, member: GroupMemberView): Promise<void> {
  const option = await pickAction<MuteOption>(
    MUTE_OPTIONS.map((o) => ({ key: o.key, text: t(`groups.mute.${o.key}`), testId: `mute-option-${o.key}` })),
  );
  if (!option) return;
  const minutes = MUTE_OPTIONS.find((o) => o.key === option)?.minutes ?? 0;
  let when: { minutes: number } | { until: number };
  if (option === 'custom') {
    const until = await pickMuteEnd();
    if (!until) return;
    when = { until };
  } else when = { minutes };
  const answer = await runGroupCall(setMemberMute(groupId, member.user_id, when));
  if (!answer) return;
  applyGroupPush.setNoSpeak({ ...answer, id: groupContactId(groupId) });
  showToast(t('groups.mute.done', { name: member.nickname, time: formatMuteUntil(answer.mute_until) }), 'success');
}

async function unmute(groupId: number, member: GroupMemberView): Promise<void> {
  const answer = await runGroupCall(setMemberMute(groupId, member.user_id, { minutes: 0 }));
  if (!answer) return;
  applyGroupPush.setNoSpeak({ ...answer, id: groupContactId(groupId) });
  showToast(t('groups.mute.undone', { name: member.nickname }), 'success');
}

async function toggleAdmin(groupId: number, member: GroupMemberView): Promise<void> {
  const role = member.role === GroupRole.ADMIN ? GroupRole.MEMBER : GroupRole.ADMIN;
  const answer = await runGroupCall(setGroupManager(groupId, member.user_id, role));
  if (!answer) return;
  applyGroupPush.setManager(answer as SetManagerPush);
  showToast(t(role === GroupRole.ADMIN ? 'groups.adminSet' : 'groups.adminUnset', { name: member.nickname }), 'success');
}

async function remove(groupId: number, member: GroupMemberView): Promise<void> {
  const ok = await askConfirm({
    content: t('groups.removeConfirm', { name: member.nickname }),
    confirmText: t('groups.action.remove'),
    danger: true,
  });
  if (!ok) return;
  const answer = await runGroupCall(removeGroupMember(groupId, member.user_id));
  if (!answer) return;
  applyGroupPush.removeUser(answer as Parameters<typeof applyGroupPush.removeUser>[0]);
  showToast(t('groups.removed', { name: member.nickname }), 'success');
}

async function transfer(groupId: number, member: GroupMemberView): Promise<void> {
  const ok = await askConfirm({
    content: t('groups.transferConfirm', { name: member.nickname }),
    confirmText: t('groups.action.transfer'),
    danger: true,
  });
  if (!ok) return;
  const answer = await runGroupCall(changeGroupOwner(groupId, member.user_id));
  if (!answer) return;
  applyGroupPush.setManager(answer as SetManagerPush);
  showToast(t('groups.transferred', { name: member.nickname }), 'success');
}

const RUN: Record<MemberAction, (groupId: number, member: GroupMemberView) => Promise<void>> = {
  admin: toggleAdmin,
  mute,
  unmute,
  remove,
  transfer,
};

function actionText(action: MemberAction, member: GroupMemberView): string {
  if (action === 'admin') return member.role === GroupRole.ADMIN ? t('groups.action.adminOff') : t('groups.action.adminOn');
  return t(`groups.action.${action}`);
}

/**
 * The sheet of one member (member page): view profile, then make/remove admin, mute, unmute,
 * remove, transfer ownership — those `actions` allows — and runs the chosen one.
 */
export async function openMemberMenu(
  groupId: number,
  member: GroupMemberView,
  actions: MemberAction[],
  openProfile: () => void,
): Promise<void> {
  const chosen = await pickAction<MemberAction | 'profile'>([
    { key: 'profile', text: t('groups.action.profile'), testId: 'member-action-profile' },
    ...actions.map((action) => ({
      key: action,
      text: actionText(action, member),
      testId: `member-action-${action}`,
      danger: action === 'remove' || action === 'transfer',
    })),
  ]);
  if (chosen === 'profile') openProfile();
  else if (chosen) await RUN[chosen](groupId, member);
}
