import { createGroup } from '../../../api/groups.ts';
import { t } from '../../../i18n/index.ts';
import { navigateTo } from '../../../router/navigation.ts';
import { useSession } from '../../../stores/session.ts';
import { pickUsers } from '../../../stores/userPicker.ts';
import { PathTo } from '../../../paths.ts';

/**
 * New group (home '+' menu): pick at least one friend, create the group with the default name
 * made of the members' names, and open its chat. Refusals are toasted by the client.
 */
export async function startNewGroup(): Promise<void> {
  const max = useSession.getState().globalConfig.sysInfo.groupMaxMembers;
  const picked = await pickUsers({ min: 1, max: max - 1, titleKey: 'groups.pickMembers' });
  if (!picked?.length) return;
  const userIds = picked.map((p) => Number(p.id)).filter((id) => Number.isSafeInteger(id) && id > 0);
  const members = [...userIds].sort((a, b) => a - b).join(',');
  const clientId = unfinished.get(members) ?? crypto.randomUUID();
  unfinished.set(members, clientId);
  const group = await createGroup(userIds, undefined, t('groups.nameSep'), clientId).catch(() => null);
  if (!group) return;
  unfinished.delete(members);
  navigateTo(PathTo.groupChat(group.group_id, group.name));
}

/**
 * The client id of a creation that has not been answered, by its members: made again with the same
 * friends (its answer was lost), it is the group the server made, not a second one.
 */
const unfinished = new Map<string, string>();
