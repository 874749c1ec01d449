import { addGroupMembers } from '../../../api/groups.ts';
import { showToast } from '../../../components/feedback.tsx';
import { t } from '../../../i18n/index.ts';
import { loadGroup, loadMembers, useGroupsStore } from '../../../stores/groups.ts';
import { useSession } from '../../../stores/session.ts';
import { pickUsers } from '../../../stores/userPicker.ts';
import { runGroupCall } from './groupCall.ts';

/**
 * Invite friends (info page '+', member page): pick among friends who are not members yet, add
 * them, then reload the member list. Resolves true when someone was added.
 */
export async function inviteMembers(groupId: number): Promise<boolean> {
  const entry = useGroupsStore.getState().groups[groupId];
  if (entry && !entry.membersComplete) await loadMembers(groupId);
  const current = useGroupsStore.getState().groups[groupId]?.members.map((m) => m.user_id) ?? [];
  const room = Math.max(1, useSession.getState().globalConfig.sysInfo.groupMaxMembers - current.length);
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
  await Promise.all([loadGroup(groupId), loadMembers(groupId)]);
  return true;
}
