import {
  CRM_TYPES,
  type CrmRecord,
  type CrmType,
  checkFormValues,
  type FormField,
  type FormValues,
  fenToYuan,
  formDefinitionSchema,
  type Good,
  isDisabled,
  isFieldShown,
  yuanToFen,
} from '@parley/protocol';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { fail } from '../../domainError.ts';
import { userCards } from '../users/directory.ts';
import { DEFAULT_FORMS } from './defaultForms.ts';
import { type GoodInput, type GoodRow, type RecordRow, workStore } from './store.ts';

/** Told to the admin on the command line only (never to app users). */
const PRICE_RULE = 'price must be a yuan amount with at most 2 decimals';

/** A good as the admin command takes it from a JSON file (price in yuan). */
export const goodFileSchema = z.object({
  name: z.string().trim().min(1).max(100),
  category: z.string().trim().max(40).default(''),
  price: z.union([z.string(), z.number()]).transform((v, ctx) => {
    const fen = yuanToFen(String(v).trim());
    if (fen === null || fen < 0) {
      ctx.addIssue({ code: 'custom', message: PRICE_RULE });
      return z.NEVER;
    }
    return fen;
  }),
  pictures: z.array(z.url({ protocol: /^https?$/ }).or(z.string().startsWith('/'))).max(9).default([]),
  description: z.string().max(20_000).default(''),
});

function toGood(row: GoodRow): Good {
  return {
    id: Number(row.id),
    name: row.name,
    category: row.category,
    price: fenToYuan(Number(row.price_fen)),
    pictures: JSON.parse(row.pictures) as string[],
    description: row.description,
  };
}

/** The first day of this month, 00:00 UTC, in ms. */
export function monthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

const TITLE_FIELDS = ['title', 'name'];

/**
 * The work area: the company's goods (managed by the admin command) and business records whose
 * forms are data. A record is visible to its creator and to the colleagues in its proportions.
 */
export function workService(db: Db, now: () => number = Date.now) {
  const store = workStore(db);

  async function formOf(type: CrmType): Promise<FormField[]> {
    const stored = await store.form(type);
    return stored ? (JSON.parse(stored) as FormField[]) : DEFAULT_FORMS[type];
  }

  async function goodOptions(): Promise<string[]> {
    return (await store.allGoods()).map((g) => String(g.id));
  }

  async function present(rows: RecordRow[]): Promise<CrmRecord[]> {
    const shares = await store.shares(rows.map((r) => Number(r.id)));
    const cards = await userCards(db, [...rows.map((r) => r.creator_id), ...shares.map((s) => s.user_id)]);
    const nameOf = (id: number) => cards.get(id)?.nickname;
    return rows.map((r) => ({
      id: Number(r.id),
      type: r.type as CrmType,
      title: r.title,
      creator: { user_id: r.creator_id, realname: nameOf(r.creator_id) ?? '' },
      values: JSON.parse(r.values) as FormValues,
      // a share of a user without a row is left out
      shares: shares
        .filter((s) => Number(s.record_id) === Number(r.id) && cards.has(s.user_id))
        .map((s) => ({ user_id: s.user_id, realname: nameOf(s.user_id) ?? '', proportion: s.proportion_x100 / 100 })),
      created_at: Number(r.created_at),
      updated_at: Number(r.updated_at),
    }));
  }

  /** A record `me` may read, else not found (a stranger cannot tell it exists). */
  async function visibleRecord(me: number, id: number): Promise<CrmRecord> {
    const row = await store.record(id);
    if (!row) throw fail('work.recordNotFound');
    const [record] = await present([row]);
    if (record.creator.user_id !== me && !record.shares.some((s) => s.user_id === me)) throw fail('work.recordNotFound');
    return record;
  }

  /** The values to store: checked against the form; disabled fields keep their default (or what was stored). */
  async function cleanValues(fields: FormField[], given: FormValues, before: FormValues): Promise<FormValues> {
    const goods = fields.some((f) => f.setting?.source === 'goods') ? await goodOptions() : [];
    const values: FormValues = {};
    for (const f of fields) {
      if (isDisabled(f)) values[f.field] = before[f.field] ?? f.default_value ?? '';
      else if (given[f.field] !== undefined) values[f.field] = given[f.field];
    }
    const problems = checkFormValues(fields, values, (f) => (f.setting?.source === 'goods' ? goods : (f.setting?.options ?? [])));
    const first = problems[0];
    if (first) throw fail(`work.${first.rule}`, { name: first.name, field: first.field, ...('total' in first ? { total: first.total } : {}) });
    const out: FormValues = {};
    for (const f of fields) {
      if (!isFieldShown(f, values) || values[f.field] === undefined) continue;
      const v = values[f.field];
      if (f.form_type === 'money' && typeof v !== 'undefined' && String(v).trim() !== '') out[f.field] = fenToYuan(yuanToFen(String(v).trim()) as number);
      else if (f.form_type === 'number' && String(v).trim() !== '') out[f.field] = Number(v);
      else if (f.form_type === 'user' && String(v).trim() !== '') out[f.field] = Number(v);
      else out[f.field] = v;
    }
    return out;
  }

  /** The proportions of the record (its first proportions field), realnames from the users table. */
  async function sharesOf(fields: FormField[], values: FormValues) {
    const f = fields.find((x) => x.form_type === 'proportions');
    const raw = f ? (values[f.field] as { user_id: unknown; proportion: unknown }[] | undefined) : undefined;
    if (!f || !raw) return [];
    const byUser = new Map<number, number>();
    for (const e of raw) byUser.set(Number(e.user_id), (byUser.get(Number(e.user_id)) ?? 0) + Math.round(Number(e.proportion) * 100));
    const cards = await userCards(db, [...byUser.keys()]);
    if (cards.size !== byUser.size) throw fail('work.user', { name: f.name, field: f.field });
    values[f.field] = [...byUser].map(([user_id, x100]) => ({ user_id, realname: cards.get(user_id)?.nickname ?? '', proportion: x100 / 100 }));
    return [...byUser].map(([user_id, proportion_x100]) => ({ user_id, proportion_x100 }));
  }

  return {
    formOf,

    async goods(q: { id?: number; keywords?: string; category?: string; page: number; limit: number }) {
      if (q.id !== undefined) {
        const row = await store.good(q.id);
        if (!row) throw fail('work.goodNotFound');
        return { list: [], count: 0, categories: [], good: toGood(row) };
      }
      const [{ rows, count }, categories] = await Promise.all([store.goods(q, q.page, q.limit), store.categories()]);
      return { list: rows.map(toGood), count, categories, good: null };
    },

    async ranking(limit: number) {
      const rows = await store.ranking(monthStart(now()), limit);
      const goods = new Map((await store.goodsByIds(rows.map((r) => Number(r.good_id)))).map((g) => [Number(g.id), toGood(g)]));
      return rows
        .filter((r) => goods.has(Number(r.good_id)))
        .map((r, i) => ({
          rank: i + 1,
          top: i < 3,
          good: goods.get(Number(r.good_id)) as Good,
          amount: fenToYuan(Number(r.amount)),
          count: Number(r.n),
        }));
    },

    async form(type: CrmType) {
      const fields = await formOf(type);
      const goods = fields.some((f) => f.setting?.source === 'goods') ? (await store.allGoods()).map((g) => ({ id: Number(g.id), name: g.name })) : [];
      return { type, fields, goods };
    },

    async list(me: number, type: CrmType, page: number, limit: number) {
      const [rows, total] = await store.visibleRecords(me, type, page, limit);
      return { list: await present(rows), count: Number(total?.n ?? 0) };
    },

    detail: visibleRecord,

    async save(me: number, type: CrmType, id: number | undefined, given: FormValues): Promise<CrmRecord> {
      let before: FormValues = {};
      let wonAt = 0;
      if (id !== undefined) {
        const existing = await visibleRecord(me, id);
        if (existing.creator.user_id !== me) throw fail('work.notCreator');
        if (existing.type !== type) throw fail('work.recordNotFound');
        before = existing.values;
        wonAt = Number((await store.record(id))?.won_at ?? 0);
      }
      const fields = await formOf(type);
      const values = await cleanValues(fields, given, before);
      const shares = await sharesOf(fields, values);
      const title = String(TITLE_FIELDS.map((k) => values[k]).find((v) => typeof v === 'string' && v.trim() !== '') ?? type).slice(0, 200);
      const stage = type === 'business' ? String(values.stage ?? '') : '';
      const recordId = await store.saveRecord(me, id, {
        type,
        title,
        values,
        good_id: type === 'business' && values.good_id !== undefined ? Number(values.good_id) : null,
        amount_fen: type === 'business' ? (yuanToFen(String(values.amount ?? '0')) ?? 0) : 0,
        stage,
        won_at: stage === 'won' ? wonAt || now() : 0,
      }, shares);
      return visibleRecord(me, recordId);
    },

    // --- admin ---------------------------------------------------------------------------------

    async addGood(file: unknown): Promise<Good> {
      const id = await store.addGood(parseGood(file));
      return toGood((await store.good(id)) as GoodRow);
    },
    async setGood(id: number, file: unknown): Promise<Good> {
      if (!(await store.setGood(id, parseGood(file)))) throw new Error(`No good ${id}.`);
      return toGood((await store.good(id)) as GoodRow);
    },
    async delGood(id: number): Promise<void> {
      if (!(await store.delGood(id))) throw new Error(`No good ${id}.`);
    },
    async listGoods(): Promise<Good[]> {
      return (await store.allGoods()).map(toGood);
    },
    /** Replaces a record type's form; refuses an unknown type or a bad definition (an unknown form_type, …). */
    async setForm(type: string, file: unknown): Promise<FormField[]> {
      if (!(CRM_TYPES as readonly string[]).includes(type)) throw new Error(`Unknown record type "${type}". Known: ${CRM_TYPES.join(', ')}`);
      const parsed = formDefinitionSchema.safeParse(file);
      if (!parsed.success) {
        throw new Error(`Bad form definition:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
      }
      await store.setForm(type, JSON.stringify(parsed.data));
      return parsed.data;
    },
  };
}

function parseGood(file: unknown): GoodInput {
  const parsed = goodFileSchema.safeParse(file);
  if (!parsed.success) throw new Error(`Bad good:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const { price, ...rest } = parsed.data;
  return { ...rest, price_fen: price };
}

export type WorkService = ReturnType<typeof workService>;
