import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { MomentCommentsTable, MomentNoticesTable, MomentsTable } from '../../db/schema.ts';

export type MomentRow = Selectable<MomentsTable>;
export type CommentRow = Selectable<MomentCommentsTable>;
export type NoticeRow = Selectable<MomentNoticesTable>;
export interface StoredMedia {
  file_id: number;
  kind: 'image' | 'video';
  duration: number;
}

const num = <T extends { id: number; created_at: number }>(r: T): T => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) });

/** SQL of the moments module (indexes: moments_author, moment_comments_moment, moment_notices_user, the tables' keys). */
export function momentsStore(db: Db) {
  return {
    /** Stores a post; answers its id, or the id of the post stored before under the same client id. */
    async insert(post: Omit<MomentRow, 'id'>, readers: number[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('moments')
          .values(post)
          .onConflict((oc) => oc.columns(['author_id', 'client_id']).where('client_id', 'is not', null).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const before = await trx
            .selectFrom('moments')
            .select('id')
            .where('author_id', '=', post.author_id)
            .where('client_id', '=', post.client_id)
            .executeTakeFirstOrThrow();
          return Number(before.id);
        }
        const { id } = inserted;
        const media = JSON.parse(post.media) as StoredMedia[];
        if (media.length > 0) {
          await trx.insertInto('moment_files').values(media.map((m) => ({ file_id: m.file_id, moment_id: Number(id) }))).execute();
        }
        if (readers.length > 0) {
          await trx.insertInto('moment_readers').values(readers.map((user_id) => ({ moment_id: Number(id), user_id }))).execute();
        }
        return Number(id);
      });
    },

    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const table of ['moment_files', 'moment_readers', 'moment_likes', 'moment_comments', 'moment_notices'] as const) {
          await trx.deleteFrom(table).where('moment_id', '=', id).execute();
        }
        await trx.deleteFrom('moments').where('id', '=', id).execute();
      });
    },

    async byClientId(authorId: number, clientId: string): Promise<number | undefined> {
      const row = await db.selectFrom('moments').select('id').where('author_id', '=', authorId).where('client_id', '=', clientId).executeTakeFirst();
      return row && Number(row.id);
    },

    async byId(id: number): Promise<MomentRow | undefined> {
      const row = await db.selectFrom('moments').selectAll().where('id', '=', id).executeTakeFirst();
      return row && num(row);
    },

    async isReader(momentId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('moment_readers')
        .select('user_id')
        .where('moment_id', '=', momentId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The feed of `me`: posts of `authors` (me and my friends) that `me` may see, newest first. */
    async feed(me: number, authors: number[], beforeId: number | undefined, limit: number): Promise<MomentRow[]> {
      let q = db
        .selectFrom('moments as m')
        .selectAll('m')
        .where('m.author_id', 'in', authors)
        .where((eb) =>
          eb.or([
            eb('m.author_id', '=', me),
            eb('m.visibility', '=', 'friends'),
            eb.exists(eb.selectFrom('moment_readers as r').select('r.user_id').whereRef('r.moment_id', '=', 'm.id').where('r.user_id', '=', me)),
          ]),
        );
      if (beforeId !== undefined) q = q.where('m.id', '<', beforeId);
      const rows = await q.orderBy('m.id', 'desc').limit(limit).execute();
      return rows.map(num);
    },

    /** Posts that show this file. */
    async withFile(fileId: number): Promise<MomentRow[]> {
      const rows = await db
        .selectFrom('moment_files as f')
        .innerJoin('moments as m', 'm.id', 'f.moment_id')
        .selectAll('m')
        .where('f.file_id', '=', fileId)
        .execute();
      return rows.map(num);
    },

    async likesOf(ids: number[]): Promise<{ moment_id: number; user_id: number }[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('moment_likes').select(['moment_id', 'user_id']).where('moment_id', 'in', ids).orderBy('created_at').execute();
    },

    /** true when the like is new */
    async like(momentId: number, userId: number, at: number): Promise<boolean> {
      const rows = await db
        .insertInto('moment_likes')
        .values({ moment_id: momentId, user_id: userId, created_at: at })
        .onConflict((oc) => oc.columns(['moment_id', 'user_id']).doNothing())
        .returning('user_id')
        .execute();
      return rows.length > 0;
    },

    async unlike(momentId: number, userId: number): Promise<void> {
      await db.deleteFrom('moment_likes').where('moment_id', '=', momentId).where('user_id', '=', userId).execute();
      await db
        .deleteFrom('moment_notices')
        .where('moment_id', '=', momentId)
        .where('from_user', '=', userId)
        .where('kind', '=', 'like')
        .execute();
    },

    async commentsOf(ids: number[]): Promise<CommentRow[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('moment_comments').selectAll().where('moment_id', 'in', ids).orderBy('id').execute();
      return rows.map(num);
    },

    async comment(row: Omit<CommentRow, 'id'>): Promise<number> {
      const { id } = await db.insertInto('moment_comments').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    async commentById(id: number): Promise<CommentRow | undefined> {
      const row = await db.selectFrom('moment_comments').selectAll().where('id', '=', id).executeTakeFirst();
      return row && num(row);
    },

    async removeComment(id: number): Promise<void> {
      await db.deleteFrom('moment_comments').where('id', '=', id).execute();
    },

    async notify(row: Omit<NoticeRow, 'id' | 'read'>): Promise<number> {
      await db.insertInto('moment_notices').values(row).execute();
      return this.unread(row.user_id);
    },

    async unread(userId: number): Promise<number> {
      const row = await db
        .selectFrom('moment_notices')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('read', '=', 0)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async notices(userId: number, limit: number): Promise<NoticeRow[]> {
      const rows = await db.selectFrom('moment_notices').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
      return rows.map(num);
    },

    async readNotices(userId: number): Promise<void> {
      await db.updateTable('moment_notices').set({ read: 1 }).where('user_id', '=', userId).where('read', '=', 0).execute();
    },


    async cover(userId: number): Promise<number | null> {
      const row = await db.selectFrom('moment_covers').select('file_id').where('user_id', '=', userId).executeTakeFirst();
      return row ? Number(row.file_id) : null;
    },

    async coverOwners(fileId: number): Promise<number[]> {
      const rows = await db.selectFrom('moment_covers').select('user_id').where('file_id', '=', fileId).execute();
      return rows.map((r) => r.user_id);
    },

    async setCover(userId: number, fileId: number, at: number): Promise<void> {
      await db
        .insertInto('moment_covers')
        .values({ user_id: userId, file_id: fileId, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ file_id: fileId, updated_at: at }))
        .execute();
    },
  };
}

export type MomentsStore = ReturnType<typeof momentsStore>;
