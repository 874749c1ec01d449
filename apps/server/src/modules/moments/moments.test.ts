import type { Moment } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, boundSocket, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, seedFile } from '../../testing/index.ts';
import { canReadFile } from '../uploads/files.ts';

/**
 * Moments: A is friends with B and C; B and D are friends; D is not A's friend. So D never sees
 * A's posts, and C (a friend of A only) does not see B's comments there, while A sees them all.
 */
describe.each(backends)('moments (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  let d: TestUser;

  beforeAll(async () => {
    s = await startServer(backend);
    [a, b, c, d] = [await s.user('Ann'), await s.user('Ben'), await s.user('Cat'), await s.user('Dan')];
    await befriend(s.built.ctx.db, a.id, b.id);
    await befriend(s.built.ctx.db, a.id, c.id);
    await befriend(s.built.ctx.db, b.id, d.id);
  });
  afterAll(() => s.close());

  const call = async (path: string, body: Record<string, unknown>, u: TestUser) => (await s.post(`/enterprise/moments/${path}`, body, u.token)).body;
  const feedOf = async (u: TestUser, body: Record<string, unknown> = {}) =>
    (await call('index', body, u)).data as { items: Moment[]; hasMore: boolean; unread: number; cover: string | null };
  const post = async (u: TestUser, body: Record<string, unknown>) => {
    const res = await call('post', body, u);
    expect(res.code, res.msg).toBe(0);
    return res.data as Moment;
  };

  it('a post with two pictures reaches my friends’ feeds, newest first, and never a stranger’s', async () => {
    const files = [await seedFile(s.built.ctx.db, a.id, 'image'), await seedFile(s.built.ctx.db, a.id, 'image')];
    const first = await post(a, { text: 'first' });
    const second = await post(a, { text: 'with pictures', file_ids: files, location: 'Lisbon' });
    expect(second.media.map((m) => m.kind)).toEqual(['image', 'image']);
    expect(second.location).toBe('Lisbon');
    expect(second.mine).toBe(true);

    const ofB = await feedOf(b);
    expect(ofB.items.map((m) => m.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(ofB.items[0].mine).toBe(false);
    expect((await feedOf(a)).items[0].id).toBe(second.id);
    expect((await feedOf(d)).items.map((m) => m.id)).not.toContain(second.id);

    // the pictures: readable by a friend who may see the post, not by a stranger
    const row = { id: files[0], owner_id: a.id, kind: 'image' };
    expect(await canReadFile(s.built.ctx, b.id, row)).toBe(true);
    expect(await canReadFile(s.built.ctx, d.id, row)).toBe(false);
  });

  it('a post retried under the same client id (its answer lost) is one post', async () => {
    const tries = await Promise.all([1, 2, 3].map(() => call('post', { text: 'posted once', client_id: 'post-1' }, a)));
    expect(tries.map((t) => t.code)).toEqual([0, 0, 0]);
    expect(new Set(tries.map((t) => t.data.id)).size).toBe(1);
    const late = await post(a, { text: 'posted once', client_id: 'post-1' });
    expect(late.id).toBe(tries[0].data.id);
    expect((await feedOf(b)).items.filter((m) => m.text === 'posted once')).toHaveLength(1);
    // another author's same id is another post
    expect((await post(b, { text: 'posted once', client_id: 'post-1' })).id).not.toBe(late.id);
  });

  it('a post for chosen friends is seen by them only', async () => {
    const only = await post(a, { text: 'for Ben', visibility: 'chosen', visible_to: [b.id, d.id] });
    expect((await feedOf(b)).items.map((m) => m.id)).toContain(only.id);
    expect((await feedOf(c)).items.map((m) => m.id)).not.toContain(only.id);
    expect((await call('like', { id: only.id }, c)).key).toBe('moments.notFriend');
    // D was named but is not A's friend: still nothing
    expect((await feedOf(d)).items.map((m) => m.id)).not.toContain(only.id);
    expect((await call('post', { text: 'x', visibility: 'chosen', visible_to: [d.id] }, a)).key).toBe('moments.chooseFriends');
  });

  it('a stranger cannot like or comment; likes and comments follow the friends-of-both rule; A is told live', async () => {
    const p = await post(a, { text: 'tell me' });
    expect((await call('like', { id: p.id }, d)).key).toBe('moments.notFriend');
    expect((await call('comment', { id: p.id, text: 'hi' }, d)).key).toBe('moments.notFriend');

    const watcher = await boundSocket(s.wsUrl, a.token);
    const liked = (await call('like', { id: p.id }, b)).data as Moment;
    expect(liked.liked).toBe(true);
    const likePush = await watcher.next<{ unread: number; kind: string; from: { id: number } }>('momentNotice');
    expect(likePush.data).toMatchObject({ kind: 'like', from: { id: b.id } });
    const commented = (await call('comment', { id: p.id, text: 'nice one' }, b)).data as Moment;
    const commentPush = await watcher.next<{ unread: number; kind: string }>('momentNotice');
    expect(commentPush.data.kind).toBe('comment');
    expect(commentPush.data.unread).toBe(likePush.data.unread + 1);
    watcher.close();
    expect(commented.comments.map((x) => x.text)).toEqual(['nice one']);

    // A (the poster) sees B's like and comment; C, a friend of A but not of B, sees neither
    const ofA = (await feedOf(a)).items.find((m) => m.id === p.id) as Moment;
    expect(ofA.likes.map((x) => x.id)).toEqual([b.id]);
    expect(ofA.comments.map((x) => x.author.id)).toEqual([b.id]);
    const ofC = (await feedOf(c)).items.find((m) => m.id === p.id) as Moment;
    expect(ofC.likes).toEqual([]);
    expect(ofC.comments).toEqual([]);
    // C's own comment shows to C and A, not to B (who does not know C)
    await call('comment', { id: p.id, text: 'me too' }, c);
    const ofB = (await feedOf(b)).items.find((m) => m.id === p.id) as Moment;
    expect(ofB.comments.map((x) => x.text)).toEqual(['nice one']);

    // A replies to B; the notices list names who did what
    const reply = (await call('comment', { id: p.id, text: 'thanks', reply_to_comment: commented.comments[0].id }, a)).data as Moment;
    expect(reply.comments.find((x) => x.text === 'thanks')?.reply_to?.id).toBe(b.id);
    const notices = (await call('notices', {}, a)).data as { items: { kind: string; from: { id: number } }[]; unread: number };
    expect(notices.items.slice(0, 3).map((n) => [n.kind, n.from.id])).toEqual([
      ['comment', c.id],
      ['comment', b.id],
      ['like', b.id],
    ]);
    expect(notices.unread).toBeGreaterThanOrEqual(3);
    expect((await call('readNotices', {}, a)).code).toBe(0);
    expect((await feedOf(a)).unread).toBe(0);
    // B heard of A's reply
    expect(((await call('notices', {}, b)).data as { items: { text: string }[] }).items[0].text).toBe('thanks');

    // taking the like back
    expect(((await call('like', { id: p.id, like: 0 }, b)).data as Moment).liked).toBe(false);
  });

  it("a like taken back or a comment removed by B tells A's feed to read the post again, live", async () => {
    const p = await post(a, { text: 'take it back' });
    const watcher = await boundSocket(s.wsUrl, a.token);
    await call('like', { id: p.id }, b);
    const commented = (await call('comment', { id: p.id, text: 'oops' }, b)).data as Moment;
    expect((await call('delComment', { comment_id: commented.comments[0].id }, b)).code).toBe(0);
    expect((await watcher.next<{ moment_id: number }>('momentChanged')).data).toEqual({ moment_id: p.id });
    await call('like', { id: p.id, like: 0 }, b);
    await watcher.next('momentChanged');
    // A's own removal tells nobody
    const again = (await call('comment', { id: p.id, text: 'again' }, b)).data as Moment;
    await call('delComment', { comment_id: again.comments[0].id }, a);
    watcher.send({ type: 'ping' });
    await watcher.next('pong');
    expect(watcher.frames.filter((f) => f.type === 'momentChanged')).toHaveLength(2);
    watcher.close();
  });

  it('only the author deletes a post; a comment goes by its author or the post’s author', async () => {
    const p = await post(a, { text: 'short-lived' });
    const withComment = (await call('comment', { id: p.id, text: 'hey' }, b)).data as Moment;
    const commentId = withComment.comments[0].id;
    expect((await call('delComment', { comment_id: commentId }, c)).key).toBe('moments.notYours');
    expect(((await call('delComment', { comment_id: commentId }, a)).data as Moment).comments).toEqual([]);
    expect((await call('delComment', { comment_id: commentId }, a)).key).toBe('moments.commentNotFound');
    expect((await call('del', { id: p.id }, b)).key).toBe('moments.notYours');
    expect((await call('del', { id: p.id }, a)).code).toBe(0);
    expect((await call('like', { id: p.id }, b)).key).toBe('moments.notFound');
    expect((await feedOf(b)).items.map((m) => m.id)).not.toContain(p.id);
  });

  it('pages through the feed with before_id', async () => {
    const u = await s.user('Pager');
    for (let i = 0; i < 5; i++) await post(u, { text: `p${i}` });
    const page1 = await feedOf(u, { limit: 2 });
    expect(page1.items.map((m) => m.text)).toEqual(['p4', 'p3']);
    expect(page1.hasMore).toBe(true);
    const page3 = await feedOf(u, { limit: 2, before_id: (await feedOf(u, { limit: 2, before_id: page1.items[1].id })).items[1].id });
    expect(page3.items.map((m) => m.text)).toEqual(['p0']);
    expect(page3.hasMore).toBe(false);
  });

  it('refuses bad posts with their keys and no 500: empty, someone else’s file, a video with pictures, too long a video', async () => {
    const mine = await seedFile(s.built.ctx.db, a.id, 'image');
    const video = await seedFile(s.built.ctx.db, a.id, 'video', 'clip.mp4');
    const theirs = await seedFile(s.built.ctx.db, b.id, 'image');
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ' }, 'moments.empty'],
      [{ file_ids: [theirs] }, 'moments.badMedia'],
      [{ file_ids: [mine, video] }, 'moments.mixedMedia'],
      [{ file_ids: [video], duration: 61 }, 'moments.videoTooLong'],
      [{ file_ids: Array.from({ length: 10 }, () => mine) }, 'moments.tooManyImages'],
      [{ text: 'x'.repeat(2001) }, 'moments.textTooLong'],
    ];
    for (const [body, key] of cases) {
      const res = await call('post', body, a);
      expect(res.key, JSON.stringify(body)).toBe(key);
      expect(res.code).toBe(400);
    }
    for (const body of [{ id: 'x' }, { id: -1 }, { id: null }, {}]) expect((await call('like', body, a)).code).toBe(400);
    expect((await call('comment', { id: 1, text: '' }, a)).code).toBe(400);
    const ok = await post(a, { file_ids: [video], duration: 12.5 });
    expect(ok.media[0]).toMatchObject({ kind: 'video', duration: 12.5 });
  });

  it('sets my cover from my own picture only; friends may read it', async () => {
    const pic = await seedFile(s.built.ctx.db, a.id, 'image');
    const theirs = await seedFile(s.built.ctx.db, b.id, 'image');
    expect((await call('setCover', { file_id: theirs }, a)).key).toBe('moments.coverNotImage');
    expect((await call('setCover', { file_id: pic }, a)).code).toBe(0);
    expect((await feedOf(a)).cover).toContain(`/${pic}`);
    const row = { id: pic, owner_id: a.id, kind: 'image' };
    expect(await canReadFile(s.built.ctx, c.id, row)).toBe(true);
    expect(await canReadFile(s.built.ctx, d.id, row)).toBe(false);
  });
});
