import { type Sticker, STICKERS_MAX } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { fail } from '../../domainError.ts';
import { canReadFile, fileUrlFor } from '../uploads/files.ts';
import { uploadsStore } from '../uploads/store.ts';

/** SQL of the stickers (indexes stickers_user_sort, stickers_user_file). */
function stickersStore(db: Db) {
  const topSort = async (userId: number) =>
    Number((await db.selectFrom('stickers').select((eb) => eb.fn.max('sort').as('top')).where('user_id', '=', userId).executeTakeFirst())?.top ?? 0);
  return {
    list: (userId: number) =>
      db.selectFrom('stickers').select(['id', 'file_id']).where('user_id', '=', userId).orderBy('sort', 'desc').orderBy('id', 'desc').execute(),
    async count(userId: number): Promise<number> {
      const row = await db.selectFrom('stickers').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async add(userId: number, fileId: number, at: number): Promise<void> {
      const sort = (await topSort(userId)) + 1;
      await db
        .insertInto('stickers')
        .values({ user_id: userId, file_id: fileId, sort, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'file_id']).doUpdateSet({ sort }))
        .execute();
    },
    async has(userId: number, fileId: number): Promise<boolean> {
      return (await db.selectFrom('stickers').select('id').where('user_id', '=', userId).where('file_id', '=', fileId).executeTakeFirst()) !== undefined;
    },
    async moveToFront(userId: number, id: number): Promise<boolean> {
      const sort = (await topSort(userId)) + 1;
      const result = await db.updateTable('stickers').set({ sort }).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(userId: number, ids: number[]): Promise<number> {
      const result = await db.deleteFrom('stickers').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** Custom emoji: my stickers, front first, at most STICKERS_MAX; any picture I can see may become one. */
export function emojiService(ctx: Pick<AppContext, 'db' | 'groups' | 'secret' | 'fileReaders'>, now: () => number = Date.now) {
  const store = stickersStore(ctx.db);
  const uploads = uploadsStore(ctx.db);

  async function list(me: number): Promise<Sticker[]> {
    const rows = await store.list(me);
    return rows.map((r) => ({ id: Number(r.id), file_id: Number(r.file_id), url: fileUrlFor(ctx, Number(r.file_id), me) }));
  }

  return {
    list,
    async add(me: number, fileId: number): Promise<Sticker[]> {
      const file = await uploads.byId(fileId);
      if (!file || !(await canReadFile(ctx, me, file))) throw fail('uploads.fileNotFound');
      if ((file.kind !== 'emoji' && file.kind !== 'image') || !file.mime.startsWith('image/')) throw fail('emoji.notPicture');
      if (!(await store.has(me, fileId)) && (await store.count(me)) >= STICKERS_MAX) throw fail('emoji.full');
      await store.add(me, fileId, now());
      return list(me);
    },
    async remove(me: number, ids: number[]): Promise<Sticker[]> {
      if ((await store.remove(me, [...new Set(ids)])) === 0) throw fail('emoji.notFound');
      return list(me);
    },
    async move(me: number, id: number): Promise<Sticker[]> {
      if (!(await store.moveToFront(me, id))) throw fail('emoji.notFound');
      return list(me);
    },
  };
}

export type EmojiService = ReturnType<typeof emojiService>;
