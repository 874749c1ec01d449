import {
  friendAddBody,
  friendDelBody,
  friendIndexBody,
  friendListBody,
  friendSetNicknameBody,
  friendUpdateBody,
  FriendMsg,
} from '@parley/protocol';
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

  r.post(
    '/enterprise/friend/add',
    { auth: true, body: friendAddBody, summary: 'Send a friend request (or agree when they already asked you)' },
    async ({ body, user }) => {
      if (body.group_id !== undefined && !(await canAddFriendViaGroup(ctx, body.group_id, user.userId, body.user_id))) {
        throw refuse.forbidden(FriendMsg.groupForbids);
      }
      const { result, msg } = await friends.add(user.userId, body);
      return new Answer(result, { msg });
    },
  );

  r.post(
    '/enterprise/friend/index',
    { auth: true, body: friendIndexBody, summary: 'Friend requests received by me / initiated by me, with the pending count' },
    async ({ body, user }) => {
      const { list, count } = await friends.index(user.userId, body);
      return new Answer(list, { count, page: body.page });
    },
  );

  r.post(
    '/enterprise/friend/update',
    { auth: true, body: friendUpdateBody, summary: 'Agree (1) or reject (2) a request addressed to me' },
    async ({ body, user }) => {
      const item = await friends.update(user.userId, body);
      return new Answer(item, { msg: body.status === 1 ? 'You are now friends.' : 'Request rejected.' });
    },
  );

  r.post(
    '/enterprise/friend/del',
    { auth: true, body: friendDelBody, summary: 'End a friendship on both sides' },
    ({ body, user }) => friends.del(user.userId, body.id),
  );

  r.post(
    '/enterprise/friend/setNickname',
    { auth: true, body: friendSetNicknameBody, summary: 'Set my remark name for a friend' },
    ({ body, user }) => friends.setNickname(user.userId, body),
  );

  r.post(
    '/enterprise/friend/list',
    { auth: true, body: friendListBody, summary: 'My friends with index letters (Parley addition)' },
    ({ user }) => friends.list(user.userId),
  );
}
