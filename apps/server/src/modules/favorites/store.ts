import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { likeLower } from '../../db/like.ts';
import type { FavoritesTable } from '../../db/schema.ts';

export type FavoriteRow = Selectable<FavoritesTable>;

/** SQL of the favorites module (indexes favorites_user, favorites_user_kind, favorites_user_msg, favorites_file). */
export function favoritesStore(db: Db) {
  return {
    async insert(row: Omit<FavoriteRow, 'id'>): Promise<number> {
      const { id } = await db.insertInto('favorites').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    async byId(userId: number, id: number): Promise<FavoriteRow | undefined> {
      return db.selectFrom('favorites').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    },

    async byMessage(userId: number, msgId: number): Promise<FavoriteRow | undefined> {
      return db.selectFrom('favorites').selectAll().where('user_id', '=', userId).where('msg_id', '=', msgId).executeTakeFirst();
    },

    async count(userId: number): Promise<number> {
      const row = await db.selectFrom('favorites').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async list(userId: number, q: { kind?: string; keyword: string; beforeId?: number; limit: number }): Promise<FavoriteRow[]> {
      let query = db.selectFrom('favorites').selectAll().where('user_id', '=', userId);
      if (q.kind) query = query.where('kind', '=', q.kind);
      if (q.keyword) query = query.where(likeLower('search_text', q.keyword));
      if (q.beforeId !== undefined) query = query.where('id', '<', q.beforeId);
      return query.orderBy('id', 'desc').limit(q.limit).execute();
    },

    async remove(userId: number, ids: number[]): Promise<number> {
      const result = await db.deleteFrom('favorites').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async keepsFile(userId: number, fileId: number): Promise<boolean> {
      const row = await db.selectFrom('favorites').select('id').where('file_id', '=', fileId).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },
  };
}
