import { z } from 'zod';
import { CRM_TYPES, formFieldSchema } from '../../rules/workForm.ts';
import { endpoint } from '../define.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A product or service of the company; `price` is a yuan string (integer fen inside). */
export const goodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  price: z.string(),
  pictures: z.array(z.string()),
  description: z.string(),
});
export type Good = z.infer<typeof goodSchema>;

export const goodRankSchema = z.object({
  rank: z.number().int(),
  /** the top three are marked */
  top: z.boolean(),
  good: goodSchema,
  /** total of this month's won business records linked to the good, yuan */
  amount: z.string(),
  count: z.number().int(),
});

export const crmShareSchema = z.object({ user_id: z.number().int(), realname: z.string(), proportion: z.number() });

export const crmRecordSchema = z.object({
  id: z.number().int(),
  type: z.enum(CRM_TYPES),
  title: z.string(),
  creator: z.object({ user_id: z.number().int(), realname: z.string() }),
  values: z.record(z.string(), z.unknown()),
  shares: z.array(crmShareSchema),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type CrmRecord = z.infer<typeof crmRecordSchema>;

export const workEndpoints = {
  getGood: endpoint({
    path: '/enterprise/Im/getGood',
    access: 'user',
    body: z.object({
      /** one good; without it, the list */
      id: id.optional(),
      keywords: z.string().trim().max(50).optional(),
      category: z.string().trim().max(40).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    data: z.object({
      list: z.array(goodSchema),
      count: z.number().int(),
      categories: z.array(z.string()),
      good: goodSchema.nullable(),
    }),
    domain: 'work',
    summary: "The company's goods (search, category, pages), or one good by id",
  }),
  getGoodPhb: endpoint({
    path: '/enterprise/Im/getGoodPhb',
    access: 'user',
    body: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    data: z.array(goodRankSchema),
    domain: 'work',
    summary: "Goods ranked by this month's won business records linked to them; the top three marked",
  }),
  crmForm: endpoint({
    path: '/enterprise/crm/form',
    access: 'user',
    body: z.object({ type: z.enum(CRM_TYPES) }),
    data: z.object({ type: z.enum(CRM_TYPES), fields: z.array(formFieldSchema), goods: z.array(goodSchema.pick({ id: true, name: true })) }),
    domain: 'work',
    summary: "A record type's form definition (and the goods a goods select offers)",
  }),
  crmList: endpoint({
    path: '/enterprise/crm/list',
    access: 'user',
    role: 'records I created or share in',
    body: z.object({
      type: z.enum(CRM_TYPES),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    data: z.object({ list: z.array(crmRecordSchema), count: z.number().int() }),
    domain: 'work',
    summary: 'The records of a type that I created or share in, newest first',
  }),
  crmDetail: endpoint({
    path: '/enterprise/crm/detail',
    access: 'user',
    role: 'creator or sharer',
    body: z.object({ id }),
    data: crmRecordSchema,
    domain: 'work',
    summary: 'One record I created or share in',
  }),
  crmSave: endpoint({
    path: '/enterprise/crm/save',
    access: 'user',
    role: 'creator (to change)',
    body: z.object({ type: z.enum(CRM_TYPES), id: id.optional(), values: z.record(z.string(), z.unknown()) }),
    data: crmRecordSchema,
    domain: 'work',
    summary: "Creates a record (or changes one of mine) from its form's values; bad values are refused with the field's message",
  }),
};
