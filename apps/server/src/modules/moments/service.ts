import {
  type Moment,
  type MomentNotice,
  type MomentPerson,
  MOMENT_NOTICES_MAX,
  momentInteractionVisible,
  momentVisibleTo,
  type momentsEndpoints,
} from '@parley/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { fileUrlFor } from '../uploads/files.ts';
import { uploadsStore } from '../uploads/store.ts';
import { type UserCard, userCards } from '../users/directory.ts';
import { type MomentRow, momentsStore, type StoredMedia } from './store.ts';

type PostBody = z.output<typeof momentsEndpoints.momentPost.body>;
type MomentsCtx = Pick<AppContext, 'db' | 'hub' | 'friends' | 'secret' | 'fileReaders'>;

/** Moments: posts to friends, likes, comments and their notices (design: the visibility rules are in the protocol). */
export function momentsService(ctx: MomentsCtx, now: () => number = Date.now) {
  const store = momentsStore(ctx.db);
  const uploads = uploadsStore(ctx.db);

  async function mayView(me: number, row: MomentRow): Promise<boolean> {
    if (row.author_id === me) return true;
    const isFriend = (await ctx.friends.friendsAmong(me, [row.author_id])).has(row.author_id);
    const chosen = isFriend && row.visibility === 'chosen' ? await store.isReader(row.id, me) : false;
    return momentVisibleTo({ reader: me, author: row.author_id, isFriend, visibility: row.visibility as 'friends' | 'chosen', chosen });
  }

  /** The post if `me` may see it: 404 when it is gone, 403 when it is not for me. */
  async function visiblePost(me: number, id: number): Promise<MomentRow> {
    const row = await store.byId(id);
    if (!row) throw fail('moments.notFound');
    if (!(await mayView(me, row))) throw fail('moments.notFriend');
    return row;
  }

  // A friend's post shows its pictures to the people who may see the post; a cover to my friends.
  ctx.fileReaders.add(async (userId, fileId) => {
    for (const row of await store.withFile(fileId)) if (await mayView(userId, row)) return true;
    const owners = await store.coverOwners(fileId);
    return owners.length > 0 && (await ctx.friends.friendsAmong(userId, owners)).size > 0;
  });

  async function peopleFor(me: number, ids: Iterable<number>): Promise<(id: number) => MomentPerson> {
    const unique = [...new Set(ids)];
    const [rows, remarks] = await Promise.all([userCards(ctx.db, unique), ctx.friends.remarksOf(me, unique)]);
    return (id) => personOf(id, rows.get(id), remarks.get(id));
  }

  /** Posts as `me` sees them: likes and comments only of people `me` may see there. */
  async function render(me: number, rows: MomentRow[]): Promise<Moment[]> {
    const ids = rows.map((r) => r.id);
    const [likes, comments] = await Promise.all([store.likesOf(ids), store.commentsOf(ids)]);
    const actors = new Set<number>([...likes.map((l) => l.user_id), ...comments.map((c) => c.author_id)]);
    const known = await ctx.friends.friendsAmong(me, [...actors]);
    const person = await peopleFor(me, [...actors, ...rows.map((r) => r.author_id), ...comments.flatMap((c) => (c.reply_to ? [c.reply_to] : []))]);
    return rows.map((row) => {
      const shown = (actor: number) => momentInteractionVisible({ reader: me, poster: row.author_id, actor, readerKnowsActor: known.has(actor) });
      const likers = likes.filter((l) => l.moment_id === row.id).map((l) => l.user_id);
      return {
        id: row.id,
        author: person(row.author_id),
        text: row.text,
        media: (JSON.parse(row.media) as StoredMedia[]).map((m) => ({ ...m, url: fileUrlFor(ctx, m.file_id, me) })),
        location: row.location,
        visibility: row.visibility as Moment['visibility'],
        created_at: row.created_at,
        likes: likers.filter(shown).map(person),
        comments: comments
          .filter((c) => c.moment_id === row.id && shown(c.author_id))
          .map((c) => ({ id: c.id, author: person(c.author_id), reply_to: c.reply_to ? person(c.reply_to) : null, text: c.text, created_at: c.created_at })),
        liked: likers.includes(me),
        mine: row.author_id === me,
      };
    });
  }

  async function one(me: number, id: number): Promise<Moment> {
    const [moment] = await render(me, [await visiblePost(me, id)]);
    return moment;
  }

  /** Tells `to` (the red dot and the "N new" bar), unless it is `from` acting on their own. */
  async function notify(to: number, from: number, kind: 'like' | 'comment', momentId: number, text: string) {
    if (to === from) return;
    const unread = await store.notify({ user_id: to, from_user: from, moment_id: momentId, kind, text, created_at: now() });
    const person = await peopleFor(to, [from]);
    ctx.hub.pushUsers([to], 'momentNotice', { unread, kind, from: person(from), moment_id: momentId });
  }

  /** A like or comment of someone else's taken off my post: my feed shows it gone, live. */
  function changed(author: number, by: number, momentId: number) {
    if (author !== by) ctx.hub.pushUsers([author], 'momentChanged', { moment_id: momentId });
  }

  async function checkedMedia(me: number, body: PostBody): Promise<StoredMedia[]> {
    const media: StoredMedia[] = [];
    for (const fileId of body.file_ids) {
      const file = await uploads.byId(fileId);
      if (!file || file.owner_id !== me || (file.kind !== 'image' && file.kind !== 'video')) throw fail('moments.badMedia');
      media.push({ file_id: fileId, kind: file.kind, duration: file.kind === 'video' ? body.duration : 0 });
    }
    if (media.some((m) => m.kind === 'video') && media.length > 1) throw fail('moments.mixedMedia');
    return media;
  }

  return {
    async list(me: number, beforeId: number | undefined, limit: number) {
      const authors = [me, ...(await ctx.friends.friendIdsOf(me))];
      const rows = await store.feed(me, authors, beforeId, limit + 1);
      const cover = await store.cover(me);
      return {
        items: await render(me, rows.slice(0, limit)),
        hasMore: rows.length > limit,
        cover: cover === null ? null : fileUrlFor(ctx, cover, me),
        unread: await store.unread(me),
      };
    },

    async post(me: number, body: PostBody): Promise<Moment> {
      // a retry of a post whose answer was lost answers that post
      const before = body.client_id === undefined ? undefined : await store.byClientId(me, body.client_id);
      if (before !== undefined) return one(me, before);
      if (body.text === '' && body.file_ids.length === 0) throw fail('moments.empty');
      const media = await checkedMedia(me, body);
      let readers: number[] = [];
      if (body.visibility === 'chosen') {
        readers = [...(await ctx.friends.friendsAmong(me, [...new Set(body.visible_to)]))];
        if (readers.length === 0) throw fail('moments.chooseFriends');
      }
      const id = await store.insert(
        { author_id: me, text: body.text, media: JSON.stringify(media), location: body.location || null, visibility: body.visibility, created_at: now(), client_id: body.client_id ?? null },
        readers,
      );
      return one(me, id);
    },

    async remove(me: number, id: number): Promise<null> {
      const row = await store.byId(id);
      if (!row) throw fail('moments.notFound');
      if (row.author_id !== me) throw fail('moments.notYours');
      await store.remove(id);
      return null;
    },

    async like(me: number, id: number, like: boolean): Promise<Moment> {
      const row = await visiblePost(me, id);
      if (!like) {
        await store.unlike(id, me);
        changed(row.author_id, me, id);
      } else if (await store.like(id, me, now())) await notify(row.author_id, me, 'like', id, '');
      return one(me, id);
    },

    async comment(me: number, id: number, text: string, replyToComment?: number): Promise<Moment> {
      const row = await visiblePost(me, id);
      let replyTo: number | null = null;
      if (replyToComment !== undefined) {
        const answered = await store.commentById(replyToComment);
        if (!answered || answered.moment_id !== id) throw fail('moments.commentNotFound');
        replyTo = answered.author_id === me ? null : answered.author_id;
      }
      await store.comment({ moment_id: id, author_id: me, reply_to: replyTo, text, created_at: now() });
      await notify(row.author_id, me, 'comment', id, text);
      // the one answered hears of it when they may see this comment (they know me)
      if (replyTo !== null && replyTo !== row.author_id && (await ctx.friends.friendsAmong(replyTo, [me])).has(me)) {
        await notify(replyTo, me, 'comment', id, text);
      }
      return one(me, id);
    },

    async removeComment(me: number, commentId: number): Promise<Moment> {
      const comment = await store.commentById(commentId);
      if (!comment) throw fail('moments.commentNotFound');
      const row = await visiblePost(me, comment.moment_id);
      if (comment.author_id !== me && row.author_id !== me) throw fail('moments.notYours');
      await store.removeComment(commentId);
      changed(row.author_id, me, row.id);
      return one(me, row.id);
    },

    async notices(me: number): Promise<{ items: MomentNotice[]; unread: number }> {
      const rows = await store.notices(me, MOMENT_NOTICES_MAX);
      const person = await peopleFor(me, rows.map((r) => r.from_user));
      return {
        items: rows.map((r) => ({
          id: r.id,
          kind: r.kind as MomentNotice['kind'],
          from: person(r.from_user),
          moment_id: Number(r.moment_id),
          text: r.text,
          created_at: r.created_at,
          read: Number(r.read) === 1,
        })),
        unread: await store.unread(me),
      };
    },

    async readNotices(me: number): Promise<null> {
      await store.readNotices(me);
      return null;
    },

    async setCover(me: number, fileId: number): Promise<{ cover: string }> {
      const file = await uploads.byId(fileId);
      if (!file || file.owner_id !== me || file.kind !== 'image') throw fail('moments.coverNotImage');
      await store.setCover(me, fileId, now());
      return { cover: fileUrlFor(ctx, fileId, me) };
    },
  };
}

function personOf(id: number, row: UserCard | undefined, remark: string | undefined): MomentPerson {
  return { id, displayName: remark || row?.nickname || '', avatar: row?.avatar ?? '', avatar_color: row?.avatar_color ?? 1 };
}

export type MomentsService = ReturnType<typeof momentsService>;
