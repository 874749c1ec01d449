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
  const group = await createGroup(userIds, undefined, t('groups.nameSep')).catch(() => null);
  if (group) navigateTo(PathTo.groupChat(group.group_id, group.name));
}
