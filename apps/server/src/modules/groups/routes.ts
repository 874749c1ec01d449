import {
  addGroupUserBody,
  bindGroupBody,
  clearGroupMessageBody,
  editGroupNameBody,
  getAllUserBody,
  groupAddBody,
  groupRefBody,
  groupSettingBody,
  groupUserBody,
  joinGroupBody,
  setManagerBody,
  setNoSpeakBody,
  setNoticeBody,
} from '@parley/protocol';
import { z } from 'zod';
import type { Router } from '../../http/route.ts';
import type { GroupService } from './service.ts';

const G = '/enterprise/group';

/** /enterprise/group/* (spec §7) and the two bindGroup calls; payloads in docs/api/groups.md. */
export function groupRoutes(r: Router, groups: GroupService): void {
  const auth = true as const;
  r.post(`${G}/add`, { auth, body: groupAddBody }, ({ body, user }) => groups.create(user.userId, body));
  r.post(`${G}/index`, { auth, body: z.object({}).loose() }, ({ user }) => groups.myGroups(user.userId));
  r.post(`${G}/groupInfo`, { auth, body: groupRefBody }, ({ body, user }) => groups.info(user.userId, body.gid));
  r.post(`${G}/groupUserList`, { auth, body: groupRefBody }, ({ body, user }) => groups.userList(user.userId, body.gid));
  r.post(`${G}/editGroupName`, { auth, body: editGroupNameBody }, ({ body, user }) =>
    groups.rename(user.userId, body.gid, body.displayName),
  );
  r.post(`${G}/setNotice`, { auth, body: setNoticeBody }, ({ body, user }) =>
    groups.setNotice(user.userId, body.gid, body.notice),
  );
  r.post(`${G}/groupSetting`, { auth, body: groupSettingBody }, ({ body, user }) =>
    groups.setting(user.userId, body.gid, body.setting),
  );
  r.post(`${G}/changeOwner`, { auth, body: groupUserBody }, ({ body, user }) =>
    groups.changeOwner(user.userId, body.gid, body.user_id),
  );
  r.post(`${G}/setManager`, { auth, body: setManagerBody }, ({ body, user }) =>
    groups.setManager(user.userId, body.gid, body.user_id, body.role),
  );
  r.post(`${G}/setNoSpeak`, { auth, body: setNoSpeakBody }, ({ body, user }) =>
    groups.setNoSpeak(user.userId, body.gid, body.user_id, { until: body.until, minutes: body.minutes }),
  );
  r.post(`${G}/addGroupUser`, { auth, body: addGroupUserBody }, ({ body, user }) =>
    groups.addUsers(user.userId, body.gid, body.user_ids),
  );
  r.post(`${G}/removeUser`, { auth, body: groupUserBody }, ({ body, user }) =>
    groups.removeUser(user.userId, body.gid, body.user_id),
  );
  r.post(`${G}/removeGroup`, { auth, body: groupRefBody }, ({ body, user }) => groups.dissolve(user.userId, body.gid));
  r.post(`${G}/clearMessage`, { auth, body: clearGroupMessageBody }, ({ body, user }) =>
    groups.clearMessages(user.userId, body.gid, body.all === 1 || body.all === true),
  );
  r.post(`${G}/getAllUser`, { auth, body: getAllUserBody }, ({ body, user }) =>
    groups.mentionList(user.userId, body.group_id ?? body.id),
  );
  r.post(`${G}/groupQrcode`, { auth, body: groupRefBody }, ({ body, user }) => groups.qrcode(user.userId, body.gid));
  r.handle('resetGroupQrcode', ({ body, user }) => groups.resetQrcode(user.userId, body.gid));
  r.post(`${G}/joinGroup`, { auth, body: joinGroupBody }, ({ body, user }) => groups.join(user.userId, body));
  for (const path of ['/common/pub/bindGroup', '/common/index/bindGroup']) {
    r.post(path, { auth, body: bindGroupBody }, ({ body, user }) =>
      groups.bindGroup(user.userId, body.group_id, body.client_id),
    );
  }
}
