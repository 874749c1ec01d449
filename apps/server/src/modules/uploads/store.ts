import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { UploadsTable } from '../../db/schema.ts';

export type UploadRow = Selectable<UploadsTable>;

export interface NewUpload {
  owner_id: number;
  kind: string;
  name: string;
  mime: string;
  ext: string;
  size: number;
  /** relative to DATA_DIR/uploads, always with forward slashes */
  path: string;
  created_at: number;
}

/** SQL of the uploads module. */
export function uploadsStore(db: Db) {
  return {
    async insert(row: NewUpload): Promise<number> {
      const inserted = await db.insertInto('uploads').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    async byId(id: number): Promise<UploadRow | null> {
      const row = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? { ...row, size: Number(row.size), created_at: Number(row.created_at) } : null;
    },

    /** Conversations a file was sent in (recalled messages do not count), with the newest message id in each. */
    async conversationsOf(fileId: number): Promise<{ conv_key: string; last_msg_id: number }[]> {
      const own = await db
        .selectFrom('messages')
        .select(['conv_key', (eb) => eb.fn.max('msg_id').as('last_msg_id')])
        .where('file_id', '=', fileId)
        .where('is_undo', '=', 0)
        .groupBy('conv_key')
        .execute();
      // shown inside another message (a merged forward): its conversation may read the file too
      const carried = await db
        .selectFrom('message_attachments as a')
        .innerJoin('messages as m', 'm.msg_id', 'a.msg_id')
        .select(['m.conv_key', (eb) => eb.fn.max('m.msg_id').as('last_msg_id')])
        .where('a.file_id', '=', fileId)
        .where('m.is_undo', '=', 0)
        .groupBy('m.conv_key')
        .execute();
      return [...own, ...carried].map((r) => ({ conv_key: r.conv_key, last_msg_id: Number(r.last_msg_id) }));
    },
  };
}

export type UploadsStore = ReturnType<typeof uploadsStore>;
