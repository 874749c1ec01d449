import { groupContactId } from '@parley/protocol';
import { loadDeferredTexts, t } from '../i18n/index.ts';
import { applyGroupPush, onGroupGone, reloadAllGroups, resetGroups } from '../stores/groups.ts';
import { useSession } from '../stores/session.ts';
import { onPush, onSocketState } from './socket.ts';
import type { RealtimeUi } from './ui.ts';
import { Paths, routeOf } from '../paths.ts';

/** Whether the screen shows this group: its chat, its info page or its member page. */
function isShowingGroup(groupId: number): boolean {
  const { path, query } = routeOf(window.location.hash);
  if (path === Paths.chat) return query.get('toContactId') === groupContactId(groupId);
  if (path === Paths.groupInfo || path === Paths.groupMembers || path === Paths.qrcode) {
    return Number(query.get('group_id')) === groupId;
  }
  return false;
}

/**
 * Keeps the groups store live: every group push of docs/api/groups.md is applied to the cache;
 * when I am removed or the group is dissolved I am told, and a screen of that group goes home.
 * Reloads the cached groups after every (re)bind; forgets them on sign-out.
 */
export function startGroupsSync(ui: Pick<RealtimeUi, 'toast' | 'navigate'>): void {
  onPush('addGroup', applyGroupPush.addGroup);
  onPush('editGroupName', applyGroupPush.editGroupName);
  onPush('setNotice', applyGroupPush.setNotice);
  onPush('groupSetting', applyGroupPush.groupSetting);
  onPush('setManager', applyGroupPush.setManager);
  onPush('setNoSpeak', applyGroupPush.setNoSpeak);
  onPush('addGroupUser', applyGroupPush.addGroupUser);
  onPush('removeUser', applyGroupPush.removeUser);
  onPush('removeGroup', applyGroupPush.removeGroup);

  onGroupGone((groupId, why, name) => {
    // leaving is my own doing: the page that did it says so and moves on
    if (why === 'left') return;
    // the groups' texts are not among the home page's (`i18n/localeParts.ts`)
    void loadDeferredTexts().then(() => ui.toast(why === 'dissolved' ? t('groups.dissolvedNotice', { name }) : t('groups.removedNotice')));
    if (isShowingGroup(groupId)) ui.navigate(Paths.home, { replace: true });
  });

  let boundBefore = false;
  onSocketState((state) => {
    if (state !== 'bound') return;
    if (boundBefore) reloadAllGroups();
    boundBefore = true;
  });
  useSession.subscribe((state, previous) => {
    if (state.authToken !== previous.authToken) {
      boundBefore = false;
      resetGroups();
    }
  });
}
