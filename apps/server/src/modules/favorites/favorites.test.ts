import type { ChatMessage, Favorite, Sticker } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, seedFile, seedGroup, send } from '../../testing/index.ts';
import { canReadFile } from '../uploads/files.ts';

/** Favorites and stickers: A and B are friends and share a group; S is a stranger to both. */
describe.each(backends)('favorites and stickers (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let stranger: TestUser;
  let gid: number;

  beforeAll(async () => {
    s = await startServer(backend);
    [a, b, stranger] = [await s.user('Ann'), await s.user('Ben'), await s.user('Sid')];
    await befriend(s.built.ctx.db, a.id, b.id);
    gid = await seedGroup(s.built.ctx.db, a.id, [b.id], {}, 'Crew');
  });
  afterAll(() => s.close());

  const call = async (path: string, body: Record<string, unknown>, u: TestUser) => (await s.post(path, body, u.token)).body;
  const fav = (body: Record<string, unknown>, u: TestUser) => call('/collect/Favorite/AddFavorite', body, u);
  const listOf = async (u: TestUser, body: Record<string, unknown> = {}) =>
    (await call('/collect/Favorite/GetFavoriteList', body, u)).data as { items: Favorite[]; hasMore: boolean };
  const sent = async (body: Record<string, unknown>) => {
    const res = await send(s, a.token, body);
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data as ChatMessage;
  };

  it('B keeps a text and a picture, finds them by category and keyword; a stranger cannot keep them', async () => {
    const text = await sent({ toContactId: b.id, type: 'text', content: 'Meet at the blue door' });
    const picture = await sent({ toContactId: b.id, type: 'image', file_id: await seedFile(s.built.ctx.db, a.id, 'image', 'door.png') });
    const card = await sent({ toContactId: `group-${gid}`, is_group: 1, type: 'contact', content: { kind: 'group', id: gid } });
    for (const m of [text, picture, card]) expect((await fav({ msg_id: m.msg_id }, b)).code).toBe(0);
    // twice is still once
    expect(((await fav({ msg_id: text.msg_id }, b)).data as Favorite).message.content).toBe('Meet at the blue door');

    expect((await listOf(b)).items.map((f) => f.kind)).toEqual(['groupCard', 'image', 'text']);
    expect((await listOf(b, { category: 'image' })).items.map((f) => f.message.file?.name)).toEqual(['door.png']);
    expect((await listOf(b, { category: 'text' })).items.map((f) => f.message.content)).toEqual(['Meet at the blue door']);
    expect((await listOf(b, { keyword: 'BLUE' })).items).toHaveLength(1);
    expect((await listOf(b, { keyword: '100%' })).items).toHaveLength(0);
    expect((await listOf(b, { category: 'video' })).items).toEqual([]);
    // the picture's link is signed for B
    expect((await listOf(b, { category: 'image' })).items[0].message.file?.url).toContain(`u=${b.id}`);

    expect((await fav({ msg_id: text.msg_id }, stranger)).key).toBe('messages.notFound');
    expect((await listOf(stranger)).items).toEqual([]);
  });

  it('a kept file stays readable for its keeper after the chat is cleared; not for others', async () => {
    const fileId = await seedFile(s.built.ctx.db, a.id, 'file', 'plan.pdf');
    const m = await sent({ toContactId: b.id, type: 'file', file_id: fileId });
    expect((await fav({ msg_id: m.msg_id }, b)).code).toBe(0);
    // the message is gone (recalled), so the chat no longer grants the file
    await s.built.ctx.db.updateTable('messages').set({ is_undo: 1 }).where('msg_id', '=', m.msg_id).execute();
    const row = { id: fileId, owner_id: a.id, kind: 'file' };
    expect(await canReadFile(s.built.ctx, b.id, row)).toBe(true);
    expect(await canReadFile(s.built.ctx, stranger.id, row)).toBe(false);
  });

  it('B sends a favorite to A as a new message; another user can neither send nor delete B’s favorites', async () => {
    const m = await sent({ toContactId: b.id, type: 'text', content: 'send me back' });
    const kept = (await fav({ msg_id: m.msg_id }, b)).data as Favorite;
    const out = await call('/collect/Favorite/SendFavorite', { id: kept.id, user_ids: [a.id, `group-${gid}`] }, b);
    expect(out.code, out.msg).toBe(0);
    const copies = out.data as ChatMessage[];
    expect(copies.map((c) => [c.fromUser.id, c.content, c.is_group])).toEqual([
      [b.id, 'send me back', 0],
      [b.id, 'send me back', 1],
    ]);
    expect((await call('/collect/Favorite/SendFavorite', { id: kept.id, user_ids: [b.id] }, a)).key).toBe('favorites.notFound');
    expect((await call('/collect/Favorite/DeleteFavorites', { ids: [kept.id] }, stranger)).key).toBe('favorites.notFound');
    expect((await call('/collect/Favorite/DeleteFavorites', { ids: [kept.id] }, b)).data).toEqual({ deleted: 1 });
    expect((await listOf(b)).items.map((f) => f.id)).not.toContain(kept.id);
  });

  it('refuses what cannot be kept and bad bodies without a 500', async () => {
    const recalled = await sent({ toContactId: b.id, type: 'text', content: 'oops' });
    await s.post('/enterprise/im/undoMessage', { id: recalled.msg_id }, a.token);
    expect((await fav({ msg_id: recalled.msg_id }, b)).key).toBe('favorites.notKeepable');
    for (const body of [{}, { msg_id: 'x' }, { msg_id: -2 }, { msg_id: [1] }]) expect((await fav(body, b)).code).toBe(400);
    expect((await call('/collect/Favorite/GetFavoriteList', { category: 'nope' }, b)).code).toBe(400);
    expect((await call('/collect/Favorite/DeleteFavorites', { ids: [] }, b)).code).toBe(400);
  });

  it('pages with before_id', async () => {
    const u = await s.user('Keeper');
    await befriend(s.built.ctx.db, a.id, u.id);
    for (let i = 0; i < 3; i++) {
      const m = (await send(s, a.token, { toContactId: u.id, type: 'text', content: `k${i}` })).body.data as ChatMessage;
      await fav({ msg_id: m.msg_id }, u);
    }
    const first = await listOf(u, { limit: 2 });
    expect(first.items.map((f) => f.message.content)).toEqual(['k2', 'k1']);
    expect(first.hasMore).toBe(true);
    const rest = await listOf(u, { limit: 2, before_id: first.items[1].id });
    expect(rest).toMatchObject({ hasMore: false });
    expect(rest.items.map((f) => f.message.content)).toEqual(['k0']);
  });

  describe('stickers', () => {
    const stickers = async (path: string, body: Record<string, unknown>, u: TestUser) => call(`/enterprise/emoji/${path}`, body, u);

    it('A adds an uploaded emoji and a picture B sent, moves one to the front, deletes; others are refused', async () => {
      const own = await seedFile(s.built.ctx.db, a.id, 'emoji', 'wave.png');
      const received = await seedFile(s.built.ctx.db, b.id, 'image', 'cat.png');
      await send(s, b.token, { toContactId: a.id, type: 'image', file_id: received });

      expect((await stickers('add', { file_id: own }, a)).code).toBe(0);
      const after = (await stickers('add', { file_id: received }, a)).data as Sticker[];
      expect(after.map((x) => x.file_id)).toEqual([received, own]);
      expect(after[0].url).toContain(`u=${a.id}`);
      const moved = (await stickers('move', { id: after[1].id }, a)).data as Sticker[];
      expect(moved.map((x) => x.file_id)).toEqual([own, received]);

      // a picture the stranger never saw, a file that is not a picture, someone else's sticker
      expect((await stickers('add', { file_id: received }, stranger)).key).toBe('uploads.fileNotFound');
      const doc = await seedFile(s.built.ctx.db, a.id, 'file', 'notes.txt');
      expect((await stickers('add', { file_id: doc }, a)).key).toBe('emoji.notPicture');
      expect((await stickers('move', { id: moved[0].id }, b)).key).toBe('emoji.notFound');
      expect((await stickers('del', { ids: [moved[0].id] }, b)).key).toBe('emoji.notFound');
      expect((await stickers('index', {}, b)).data).toEqual([]);

      // a sticker is sent as an emoji message
      const emoji = await send(s, a.token, { toContactId: b.id, type: 'emoji', file_id: received });
      expect(emoji.body.code, emoji.body.msg).toBe(0);

      expect(((await stickers('del', { ids: [moved[0].id] }, a)).data as Sticker[]).map((x) => x.file_id)).toEqual([received]);
    });

    it('at most STICKERS_MAX per user', async () => {
      const u = await s.user('Collector');
      const db = s.built.ctx.db;
      const files = [];
      for (let i = 0; i < 300; i++) files.push(await seedFile(db, u.id, 'emoji', `s${i}.png`));
      await db.insertInto('stickers').values(files.map((file_id, i) => ({ user_id: u.id, file_id, sort: i + 1, created_at: 1 }))).execute();
      const extra = await seedFile(db, u.id, 'emoji', 'extra.png');
      expect((await stickers('add', { file_id: extra }, u)).key).toBe('emoji.full');
      // re-adding one already kept only moves it
      expect((await stickers('add', { file_id: files[0] }, u)).code).toBe(0);
    });
  });
});
