import {
  type AppendContactPush,
  type FriendAddBody,
  type FriendAddResult,
  type FriendIndexBody,
  type FriendItem,
  type FriendRequestItem,
  type FriendAnswerPush,
  type FriendRequestPush,
  FriendRequestStatus,
  type FriendRequestStatusValue,
  type FriendSetNicknameBody,
  type FriendUpdateBody,
  INDEX_LETTERS,
  indexLetterOf,
  privateConvKey,
} from '@parley/protocol';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { FriendRequestsTable } from '../../db/schema.ts';
import { fail } from '../../domainError.ts';
import { ensureConversation, removeConversation } from '../conversations/rows.ts';
import { postMessage } from '../messages/deliver.ts';
import { lockUsers, publicProfile, publicProfiles } from '../users/directory.ts';
import { type PublicRow, toUserLite } from '../users/profile.ts';
import { areFriends, remarksOf } from './relations.ts';
import { friendsStore as store } from './store.ts';

type RequestRow = Selectable<FriendRequestsTable>;

export const FRIENDS_EVENT_TEXT = 'You are now friends';
/** `extends.event` of that message, a key the web can translate. */
export const FRIENDS_EVENT_KEY = 'friendAdded';

export function friendsService(ctx: AppContext) {
  const db = ctx.db;
  const online = (userId: number) => ctx.hub.isOnline(userId);

  async function liveUser(conn: Db, id: number): Promise<PublicRow> {
    const row = await publicProfile(conn, id);
    if (row?.status !== 1) throw fail('users.notFound');
    return row;
  }

  /** In the caller's transaction: agree to `req`, make both friend rows and both chat rows. */
  async function agreeIn(trx: Db, req: RequestRow, now: number): Promise<void> {
    if (!(await store.answer(trx, req.id, FriendRequestStatus.AGREED, now))) {
      throw fail('friends.requestAnswered');
    }
    await store.settlePending(trx, req.from_user, req.to_user, now);
    await store.insertFriendship(trx, req.from_user, req.to_user, now);
    const key = privateConvKey(req.from_user, req.to_user);
    await ensureConversation(trx, req.from_user, String(req.to_user), key, { unhide: true });
    await ensureConversation(trx, req.to_user, String(req.from_user), key, { unhide: true });
  }

  function contactFor(other: PublicRow, now: number): AppendContactPush {
    return {
      id: other.id,
      displayName: other.nickname,
      avatar: other.avatar,
      avatar_color: other.avatar_color,
      lastContent: '',
      lastSendTime: now,
      type: 'event',
      unread: 0,
      is_top: 0,
      is_notice: 1,
      is_at: 0,
      is_group: 0,
      is_online: online(other.id) ? 1 : 0,
      index: indexLetterOf(other.nickname),
    };
  }

  /** After the commit: each side gets the other as a new contact, then the event message. */
  async function announceFriendship(requester: number, accepter: number, now: number): Promise<void> {
    const [a, b] = await Promise.all([publicProfile(db, requester), publicProfile(db, accepter)]);
    if (a && b) {
      ctx.hub.pushUsers([requester], 'appendContact', contactFor(b, now));
      ctx.hub.pushUsers([accepter], 'appendContact', contactFor(a, now));
    }
    try {
      // The 'event' message opens the chat on both sides (pushed as `simple` by the messages module).
      await postMessage(ctx, {
        fromUser: accepter,
        toContactId: requester,
        isGroup: false,
        type: 'event',
        content: FRIENDS_EVENT_TEXT,
        extends: { event: FRIENDS_EVENT_KEY },
      });
    } catch (err) {
      // The friendship stands; a missing greeting is not worth failing the call.
      ctx.log.warn({ err, requester, accepter }, 'friendship event message failed');
    }
  }

  async function pushRequest(req: { id: number; from: number; to: number; remark: string; at: number }): Promise<void> {
    const from = await publicProfile(db, req.from);
    if (!from) return;
    const data: FriendRequestPush = {
      id: req.id,
      from: toUserLite(from),
      remark: req.remark,
      created_at: req.at,
      count: await store.pendingCount(db, req.to),
    };
    ctx.hub.pushUsers([req.to], 'friendRequest', data);
  }

  function toItem(row: RequestRow, me: number, other: PublicRow | undefined, remark: string): FriendRequestItem {
    const otherId = row.from_user === me ? row.to_user : row.from_user;
    return {
      id: row.id,
      from_user: row.from_user,
      to_user: row.to_user,
      direction: row.to_user === me ? 'received' : 'sent',
      remark: row.remark,
      status: row.status as FriendRequestStatusValue,
      created_at: row.created_at,
      updated_at: row.updated_at,
      user: other
        ? toUserLite(other, remark)
        : { user_id: otherId, account: '', nickname: '', displayName: '', avatar: '', avatar_color: 1 },
    };
  }

  return {
    async add(me: number, body: FriendAddBody): Promise<{ result: FriendAddResult; note: 'friends.nowFriends' | 'friends.requestSent' }> {
      const other = body.user_id;
      if (other === me) throw fail('friends.cannotAddSelf');
      await liveUser(db, other);
      const now = Date.now();
      const outcome = await db.transaction().execute(async (trx) => {
        await lockUsers(trx, ctx.dialect, [me, other]);
        if (await areFriends(trx, me, other)) throw fail('friends.alreadyFriends');
        const theirs = await store.requestFromTo(trx, other, me);
        if (theirs && theirs.status === FriendRequestStatus.PENDING) {
          // They asked me first: asking back is agreeing.
          await agreeIn(trx, theirs, now);
          return { kind: 'agreed' as const, id: theirs.id };
        }
        const mine = await store.requestFromTo(trx, me, other);
        if (mine) {
          await store.renewRequest(trx, mine.id, body.remark, now);
          return { kind: 'pending' as const, id: mine.id };
        }
        const { id } = await store.insertRequest(trx, me, other, body.remark, now);
        return { kind: 'pending' as const, id };
      });
      if (outcome.kind === 'agreed') {
        await announceFriendship(other, me, now);
        return { result: { id: outcome.id, status: FriendRequestStatus.AGREED }, note: 'friends.nowFriends' };
      }
      await pushRequest({ id: outcome.id, from: me, to: other, remark: body.remark, at: now });
      return { result: { id: outcome.id, status: FriendRequestStatus.PENDING }, note: 'friends.requestSent' };
    },

    async index(me: number, body: FriendIndexBody): Promise<{ list: FriendRequestItem[]; count: number }> {
      const rows = await store.listRequests(db, me, body.type, body.limit, (body.page - 1) * body.limit);
      const otherIds = [...new Set(rows.map((r) => (r.from_user === me ? r.to_user : r.from_user)))];
      const [users, remarks, count] = await Promise.all([
        publicProfiles(db, otherIds),
        remarksOf(db, me, otherIds),
        store.pendingCount(db, me),
      ]);
      const byId = new Map(users.map((u) => [u.id, u]));
      const list = rows.map((r) => {
        const otherId = r.from_user === me ? r.to_user : r.from_user;
        return toItem(r, me, byId.get(otherId), remarks.get(otherId) ?? '');
      });
      return { list, count };
    },

    async update(me: number, body: FriendUpdateBody): Promise<FriendRequestItem> {
      const req = await store.request(db, body.friend_id);
      if (!req) throw fail('friends.requestNotFound');
      if (req.to_user !== me) throw fail('friends.requestNotYours');
      if (req.status !== FriendRequestStatus.PENDING) throw fail('friends.requestAnswered');
      const now = Date.now();
      if (body.status === FriendRequestStatus.REJECTED) {
        if (!(await store.answer(db, req.id, FriendRequestStatus.REJECTED, now))) {
          throw fail('friends.requestAnswered');
        }
      } else {
        const requester = await liveUser(db, req.from_user);
        await db.transaction().execute(async (trx) => {
          await lockUsers(trx, ctx.dialect, [req.from_user, me]);
          await agreeIn(trx, req, now);
        });
        await announceFriendship(requester.id, me, now);
      }
      const answer: FriendAnswerPush = { id: req.id, from_user: req.from_user, to_user: me, status: body.status };
      ctx.hub.pushUsers([req.from_user, me], 'friendAnswer', answer);
      const fresh = (await store.request(db, req.id)) as RequestRow;
      const other = await publicProfile(db, req.from_user);
      const remarks = await remarksOf(db, me, [req.from_user]);
      return toItem(fresh, me, other, remarks.get(req.from_user) ?? '');
    },

    async del(me: number, other: number): Promise<{ user_id: number }> {
      if (other === me) throw fail('friends.cannotRemoveSelf');
      await db.transaction().execute(async (trx) => {
        await lockUsers(trx, ctx.dialect, [me, other]);
        if (!(await areFriends(trx, me, other))) throw fail('friends.notInContacts');
        await store.deleteFriendship(trx, me, other);
        await removeConversation(trx, me, String(other));
        await removeConversation(trx, other, String(me));
      });
      ctx.friends.ended(me, other);
      ctx.hub.pushUsers([other], 'delFriend', { user_id: me });
      ctx.hub.pushUsers([me], 'delFriend', { user_id: other });
      return { user_id: other };
    },

    async setNickname(me: number, body: FriendSetNicknameBody) {
      if (!(await store.setNickname(db, me, body.id, body.nickname))) {
        throw fail('friends.notInContacts');
      }
      const user = await publicProfile(db, body.id);
      return { user_id: body.id, nickname: body.nickname, displayName: body.nickname || (user?.nickname ?? '') };
    },

    /** My friends, ordered by index letter (A-Z then '#') and name. */
    async list(me: number): Promise<FriendItem[]> {
      const friendships = await store.friendships(db, me);
      const profiles = new Map((await publicProfiles(db, friendships.map((f) => f.friend_id))).map((p) => [p.id, p]));
      const rows = friendships.flatMap((f) => {
        const p = profiles.get(f.friend_id);
        return p ? [{ ...p, remark: f.remark, created_at: f.created_at }] : [];
      });
      const items: FriendItem[] = rows.map((r) => {
        const displayName = r.remark || r.nickname;
        return {
          user_id: r.id,
          displayName,
          nickname: r.nickname,
          remark: r.remark,
          account: r.account,
          avatar: r.avatar,
          avatar_color: r.avatar_color,
          signature: r.signature,
          gender: r.gender,
          index: indexLetterOf(displayName),
          is_online: online(r.id) ? 1 : 0,
          created_at: r.created_at,
        };
      });
      const order = (l: string) => INDEX_LETTERS.indexOf(l);
      return items.sort(
        (a, b) => order(a.index) - order(b.index) || a.displayName.localeCompare(b.displayName, 'zh-Hans-CN') || a.user_id - b.user_id,
      );
    },

    /** Tells a user's friends that they came online or went offline (first socket bound / last closed). */
    async presence(userId: number, isOnline: boolean): Promise<void> {
      const ids = await store.friendIds(db, userId);
      if (ids.length > 0) ctx.hub.pushUsers(ids, 'isOnline', { user_id: userId, is_online: isOnline ? 1 : 0 });
    },
  };
}

export type FriendsService = ReturnType<typeof friendsService>;
