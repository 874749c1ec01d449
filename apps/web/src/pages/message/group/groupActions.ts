import { addGroupMembers, fetchGroupMembers } from '../../../api/groups.ts';
import { showToast } from '../../../components/feedback.tsx';
import { t } from '../../../i18n/index.ts';
import { memberPagesCache } from '../../../stores/memberPagesCache.ts';
import { loadGroup, useGroupsStore } from '../../../stores/groups.ts';
import { useSession } from '../../../stores/session.ts';
import { pickUsers } from '../../../stores/userPicker.ts';
import { runGroupCall } from './groupCall.ts';

/**
 * Invite friends (info page '+', member page): pick among friends who are not members yet, add
 * them, then reload the group. Resolves true when someone was added. The member ids are asked for
 * here, once, and not kept: no screen holds a whole member list.
 */
export async function inviteMembers(groupId: number): Promise<boolean> {
  const members = await fetchGroupMembers(groupId).catch(() => []);
  const current = members.map((m) => m.user_id);
  const count = useGroupsStore.getState().groups[groupId]?.group?.member_count ?? current.length;
  const room = Math.max(1, useSession.getState().globalConfig.sysInfo.groupMaxMembers - count);
  const picked = await pickUsers({ min: 1, max: room, titleKey: 'groups.pickInvite', exclude: current });
  if (!picked?.length) return false;
  const ids = picked.map((p) => Number(p.id)).filter((id) => Number.isSafeInteger(id) && id > 0);
  const answer = await runGroupCall(addGroupMembers(groupId, ids));
  if (!answer) return false;
  if (answer.added.length === 0) {
    showToast(t('groups.err.alreadyIn'));
    return false;
  }
  showToast(t('groups.added', { count: answer.added.length }), 'success');
  memberPagesCache.changed(groupId);
  await loadGroup(groupId);
  return true;
}
