import { FriendMsg } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { Answer, refuse } from '../../http/envelope.ts';
import type { Router } from '../../http/route.ts';
import { canAddFriendViaGroup } from '../groups/rules.ts';
import { friendsService } from './service.ts';

/** `/enterprise/friend/*` (spec §7) and the presence pushes to friends. */
export function friendsRoutes(r: Router, ctx: AppContext): void {
  const friends = friendsService(ctx);

  // First socket bound / last socket closed: tell the user's friends (push `isOnline`).
  ctx.hub.onPresence((userId, online) => {
    friends.presence(userId, online).catch((err) => ctx.log.debug({ err, userId }, 'presence push failed'));
  });

  r.handle('friendAdd', async ({ body, user }) => {
    if (body.group_id !== undefined && !(await canAddFriendViaGroup(ctx, body.group_id, user.userId, body.user_id))) {
      throw refuse.forbidden(FriendMsg.groupForbids);
    }
    const { result, msg } = await friends.add(user.userId, body);
    return new Answer(result, { msg });
  });
  r.handle('friendIndex', async ({ body, user }) => {
    const { list, count } = await friends.index(user.userId, body);
    return new Answer(list, { count, page: body.page });
  });
  r.handle('friendUpdate', async ({ body, user }) => {
    const item = await friends.update(user.userId, body);
    return new Answer(item, { msg: body.status === 1 ? 'You are now friends.' : 'Request rejected.' });
  });
  r.handle('friendDel', ({ body, user }) => friends.del(user.userId, body.id));
  r.handle('friendSetNickname', ({ body, user }) => friends.setNickname(user.userId, body));
  r.handle('friendList', ({ user }) => friends.list(user.userId));
}
