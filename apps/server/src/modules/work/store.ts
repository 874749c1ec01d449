import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CrmRecordsTable, GoodsTable } from '../../db/schema.ts';
import { likeLower } from '../../db/like.ts';

export type GoodRow = Selectable<GoodsTable>;
export type RecordRow = Selectable<CrmRecordsTable>;

export interface GoodInput {
  name: string;
  category: string;
  price_fen: number;
  pictures: string[];
  description: string;
}

export interface RecordInput {
  type: string;
  title: string;
  values: Record<string, unknown>;
  good_id: number | null;
  amount_fen: number;
  stage: string;
  won_at: number;
}

/** SQL of the work area. */
export function workStore(db: Db) {
  function goodsQuery(filter: { keywords?: string; category?: string }) {
    let q = db.selectFrom('goods').where('removed', '=', 0);
    if (filter.category) q = q.where('category', '=', filter.category);
    if (filter.keywords) q = q.where(likeLower('name', filter.keywords));
    return q;
  }

  return {
    async goods(filter: { keywords?: string; category?: string }, page: number, limit: number) {
      const [rows, total] = await Promise.all([
        goodsQuery(filter).selectAll().orderBy('id', 'asc').limit(limit).offset((page - 1) * limit).execute(),
        goodsQuery(filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      return { rows, count: Number(total?.n ?? 0) };
    },
    async categories(): Promise<string[]> {
      const rows = await db.selectFrom('goods').select('category').distinct().where('removed', '=', 0).where('category', '<>', '').orderBy('category').execute();
      return rows.map((r) => r.category);
    },
    good: (id: number) => db.selectFrom('goods').selectAll().where('id', '=', id).where('removed', '=', 0).executeTakeFirst(),
    goodsByIds: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.selectFrom('goods').selectAll().where('id', 'in', ids).where('removed', '=', 0).execute(),
    allGoods: () => db.selectFrom('goods').selectAll().where('removed', '=', 0).orderBy('id').execute(),
    async addGood(g: GoodInput): Promise<number> {
      const now = Date.now();
      const row = await db
        .insertInto('goods')
        .values({ ...g, pictures: JSON.stringify(g.pictures), removed: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async setGood(id: number, g: GoodInput): Promise<boolean> {
      const r = await db
        .updateTable('goods')
        .set({ ...g, pictures: JSON.stringify(g.pictures), updated_at: Date.now() })
        .where('id', '=', id)
        .where('removed', '=', 0)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async delGood(id: number): Promise<boolean> {
      const r = await db.updateTable('goods').set({ removed: 1, updated_at: Date.now() }).where('id', '=', id).where('removed', '=', 0).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Won business records since `since`, summed per linked good, largest first. */
    ranking: (since: number, limit: number) =>
      db
        .selectFrom('crm_records')
        .select(['good_id', (eb) => eb.fn.sum<number>('amount_fen').as('amount'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('type', '=', 'business')
        .where('stage', '=', 'won')
        .where('won_at', '>=', since)
        .where('good_id', 'is not', null)
        .groupBy('good_id')
        .orderBy('amount', 'desc')
        .orderBy('good_id', 'asc')
        .limit(limit)
        .execute(),

    async form(type: string): Promise<string | null> {
      return (await db.selectFrom('crm_forms').select('fields').where('type', '=', type).executeTakeFirst())?.fields ?? null;
    },
    async setForm(type: string, fields: string): Promise<void> {
      await db
        .insertInto('crm_forms')
        .values({ type, fields, updated_at: Date.now() })
        .onConflict((oc) => oc.column('type').doUpdateSet({ fields, updated_at: Date.now() }))
        .execute();
    },

    /** Record ids of a type that `userId` created or shares in, newest first. */
    visibleRecords(userId: number, type: string, page: number, limit: number) {
      const base = db
        .selectFrom('crm_records as r')
        .where('r.type', '=', type)
        .where((eb) =>
          eb.or([
            eb('r.creator_id', '=', userId),
            eb.exists(eb.selectFrom('crm_shares as s').select('s.user_id').whereRef('s.record_id', '=', 'r.id').where('s.user_id', '=', userId)),
          ]),
        );
      return Promise.all([
        base.selectAll('r').orderBy('r.id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
    },
    record: (id: number) => db.selectFrom('crm_records').selectAll().where('id', '=', id).executeTakeFirst(),
    shares: (recordIds: number[]) =>
      recordIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('crm_shares as s')
            .select(['s.record_id', 's.user_id', 's.proportion_x100'])
            .where('s.record_id', 'in', recordIds)
            .orderBy('s.proportion_x100', 'desc')
            .orderBy('s.user_id')
            .execute(),

    /** Inserts or replaces a record and its shares in one transaction; the record id. */
    saveRecord(creatorId: number, id: number | undefined, r: RecordInput, shares: { user_id: number; proportion_x100: number }[]) {
      return db.transaction().execute(async (tx) => {
        const now = Date.now();
        const row = { ...r, values: JSON.stringify(r.values), updated_at: now };
        let recordId = id;
        if (recordId === undefined) {
          const made = await tx.insertInto('crm_records').values({ ...row, creator_id: creatorId, created_at: now }).returning('id').executeTakeFirstOrThrow();
          recordId = Number(made.id);
        } else {
          await tx.updateTable('crm_records').set(row).where('id', '=', recordId).execute();
          await tx.deleteFrom('crm_shares').where('record_id', '=', recordId).execute();
        }
        if (shares.length > 0) {
          await tx.insertInto('crm_shares').values(shares.map((s) => ({ ...s, record_id: recordId as number }))).execute();
        }
        return recordId;
      });
    },
  };
}
