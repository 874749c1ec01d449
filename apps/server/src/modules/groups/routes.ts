import type { Router } from '../../http/route.ts';
import type { GroupService } from './service.ts';

/** /enterprise/group/* (spec §7) and the two bindGroup calls; payloads in docs/api/groups.md. */
export function groupRoutes(r: Router, groups: GroupService): void {
  r.handle('groupAdd', ({ body, user }) => groups.create(user.userId, body));
  r.handle('myGroups', ({ user }) => groups.myGroups(user.userId));
  r.handle('groupInfo', ({ body, user }) => groups.info(user.userId, body.gid));
  r.handle('groupUserList', ({ body, user }) => groups.userList(user.userId, body.gid, body));
  r.handle('groupEditName', ({ body, user }) => groups.rename(user.userId, body.gid, body.displayName));
  r.handle('groupSetNotice', ({ body, user }) => groups.setNotice(user.userId, body.gid, body.notice));
  r.handle('groupSetting', ({ body, user }) => groups.setting(user.userId, body.gid, body.setting));
  r.handle('groupChangeOwner', ({ body, user }) => groups.changeOwner(user.userId, body.gid, body.user_id));
  r.handle('groupSetManager', ({ body, user }) => groups.setManager(user.userId, body.gid, body.user_id, body.role));
  r.handle('groupSetNoSpeak', ({ body, user }) =>
    groups.setNoSpeak(user.userId, body.gid, body.user_id, { until: body.until, minutes: body.minutes }),
  );
  r.handle('groupAddUser', ({ body, user }) => groups.addUsers(user.userId, body.gid, body.user_ids));
  r.handle('groupRemoveUser', ({ body, user }) => groups.removeUser(user.userId, body.gid, body.user_id));
  r.handle('groupRemove', ({ body, user }) => groups.dissolve(user.userId, body.gid));
  r.handle('clearGroupMessage', ({ body, user }) =>
    groups.clearMessages(user.userId, body.gid, body.all === 1 || body.all === true),
  );
  r.handle('getAllUser', ({ body, user }) => groups.mentionList(user.userId, body.group_id ?? body.id));
  r.handle('groupQrcode', ({ body, user }) => groups.qrcode(user.userId, body.gid));
  r.handle('resetGroupQrcode', ({ body, user }) => groups.resetQrcode(user.userId, body.gid));
  r.handle('groupJoin', ({ body, user }) => groups.join(user.userId, body));
  r.handle('bindGroup', ({ body, user }) => groups.bindGroup(user.userId, body.group_id, body.client_id));
  r.handle('bindGroupIndex', ({ body, user }) => groups.bindGroup(user.userId, body.group_id, body.client_id));
}
