import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CRM_TYPES, formDefinitionSchema } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, send } from '../../testing/fixtures.ts';
import { workAdmin } from './admin.ts';
import { DEFAULT_FORMS } from './defaultForms.ts';
import { monthStart, workService } from './service.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-work-'));
function jsonFile(name: string, value: unknown): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
}

const customer = (over: Record<string, unknown> = {}) => ({
  name: 'ACME',
  level: 'B',
  source: 'Website',
  ...over,
});

describe('shipped forms', () => {
  it('every record type has a default form that passes the definition rules', () => {
    for (const type of CRM_TYPES) expect(formDefinitionSchema.safeParse(DEFAULT_FORMS[type]).success).toBe(true);
  });
});

describe.each(backends)('the work area: goods, ranking and business records (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  const goodIds: number[] = [];
  const admin = (...args: string[]) => workAdmin(workService(s.built.ctx.db), args);

  beforeAll(async () => {
    s = await startServer(backend);
    [a, b, c] = [await s.user('A'), await s.user('B'), await s.user('C')];
    for (const [i, g] of [
      ['Cloud seat', 'software', '99.00'],
      ['Support plan', 'service', '1200.50'],
      ['Cloud storage', 'software', '10'],
      ['Training day', 'service', '800'],
    ].entries()) {
      const out = await admin('goods', 'add', jsonFile(`g${i}.json`, { name: g[0], category: g[1], price: g[2], description: `About ${g[0]}` }));
      goodIds.push(JSON.parse(out).id);
    }
  });
  afterAll(() => s.close());

  it('the admin command adds, changes, lists and removes goods; getGood searches, filters and pages them', async () => {
    const extra = JSON.parse(await admin('goods', 'add', jsonFile('x.json', { name: 'Old thing', price: 1 }))).id as number;
    await admin('goods', 'set', String(extra), jsonFile('x2.json', { name: 'Older thing', category: 'legacy', price: '2.5' }));
    expect(JSON.parse(await admin('goods', 'list')).find((g: { id: number }) => g.id === extra)).toMatchObject({ name: 'Older thing', price: '2.50' });
    await admin('goods', 'del', String(extra));
    await expect(admin('goods', 'add', jsonFile('bad.json', { name: 'X', price: '1.234' }))).rejects.toThrow(/price/);

    const all = await s.post('/enterprise/Im/getGood', {}, a.token);
    expect(all.body.data).toMatchObject({ count: 4, categories: ['service', 'software'], good: null });
    const cloud = await s.post('/enterprise/im/getgood', { keywords: 'cloud' }, a.token);
    expect(cloud.body.data.list.map((g: { name: string }) => g.name)).toEqual(['Cloud seat', 'Cloud storage']);
    const services = await s.post('/enterprise/Im/getGood', { category: 'service', limit: 1, page: 2 }, a.token);
    expect(services.body.data).toMatchObject({ count: 2, list: [{ name: 'Training day', price: '800.00' }] });
    const one = await s.post('/enterprise/Im/getGood', { id: goodIds[1] }, a.token);
    expect(one.body.data.good).toMatchObject({ id: goodIds[1], name: 'Support plan', price: '1200.50', description: 'About Support plan' });
    expect((await s.post('/enterprise/Im/getGood', { id: extra }, a.token)).body).toMatchObject({ code: 404, key: 'work.goodNotFound' });
    expect((await s.post('/enterprise/Im/getGood', {})).status).toBe(401);
  });

  it("getGoodPhb ranks goods by the amount of this month's won business records linked to them", async () => {
    const deal = (good: number, amount: string, stage: string) =>
      s.post('/enterprise/crm/save', {
        type: 'business',
        values: { title: 'Deal', customer: 'ACME', good_id: String(good), amount, stage, signed_on: '2026-01-02', shares: [{ user_id: a.id, proportion: 100 }] },
      }, a.token);
    const [g1, g2, g3, g4] = goodIds;
    for (const [good, amount, stage] of [
      [g1, '300', 'won'],
      [g1, '300', 'won'],
      [g2, '500', 'won'],
      [g3, '10000', 'following'],
      [g4, '9000', 'lost'],
      [g3, '7000', 'won'],
    ] as const) {
      expect((await deal(good, amount, stage)).body.code).toBe(0);
    }
    // the 7000 deal was won last month: it does not count this month
    await s.built.ctx.db.updateTable('crm_records').set({ won_at: monthStart(Date.now()) - 1 }).where('good_id', '=', g3).where('stage', '=', 'won').execute();
    const phb = await s.post('/enterprise/Im/getGoodPhb', {}, b.token);
    expect(phb.body.data.map((r: { good: { id: number }; amount: string; count: number; rank: number; top: boolean }) => [r.good.id, r.amount, r.count, r.rank, r.top])).toEqual([
      [g1, '600.00', 2, 1, true],
      [g2, '500.00', 1, 2, true],
    ]);
  });

  it('a record is visible to its creator and the colleagues in its proportions; a stranger gets nothing', async () => {
    const saved = await s.post('/enterprise/crm/save', {
      type: 'customer',
      values: customer({ shares: [{ user_id: b.id, realname: 'ignored', proportion: 40 }, { user_id: a.id, proportion: 60 }] }),
    }, a.token);
    expect(saved.body).toMatchObject({ code: 0, data: { title: 'ACME', creator: { user_id: a.id } } });
    const rec = saved.body.data;
    expect(rec.shares).toEqual([
      { user_id: a.id, realname: a.nickname, proportion: 60 },
      { user_id: b.id, realname: b.nickname, proportion: 40 },
    ]);
    // a disabled field keeps its default whatever is sent
    expect(rec.values.code).toBe('assigned later');

    expect((await s.post('/enterprise/crm/detail', { id: rec.id }, b.token)).body.data.title).toBe('ACME');
    expect((await s.post('/enterprise/crm/list', { type: 'customer' }, b.token)).body.data.list.map((r: { id: number }) => r.id)).toContain(rec.id);

    const stranger = await s.post('/enterprise/crm/detail', { id: rec.id }, c.token);
    expect(stranger.body).toMatchObject({ code: 404, key: 'work.recordNotFound', data: null });
    expect((await s.post('/enterprise/crm/list', { type: 'customer' }, c.token)).body.data).toEqual({ list: [], count: 0 });
    const change = await s.post('/enterprise/crm/save', { type: 'customer', id: rec.id, values: customer({ name: 'Mine now', shares: [{ user_id: c.id, proportion: 100 }] }) }, c.token);
    expect(change.body).toMatchObject({ code: 404, key: 'work.recordNotFound' });
    const bChange = await s.post('/enterprise/crm/save', { type: 'customer', id: rec.id, values: customer({ shares: [{ user_id: b.id, proportion: 100 }] }) }, b.token);
    expect(bChange.body).toMatchObject({ code: 403, key: 'work.notCreator' });
    expect((await s.post('/enterprise/crm/detail', { id: rec.id }, a.token)).body.data.title).toBe('ACME');

    const edited = await s.post('/enterprise/crm/save', { type: 'customer', id: rec.id, values: customer({ name: 'ACME Ltd', shares: [{ user_id: a.id, proportion: 100 }] }) }, a.token);
    expect(edited.body.data.title).toBe('ACME Ltd');
    expect((await s.post('/enterprise/crm/detail', { id: rec.id }, b.token)).body.code).toBe(404);
  });

  it("bad form values are refused with the field's message, never a 500 and never half written", async () => {
    const count = async () => Number((await s.built.ctx.db.selectFrom('crm_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);
    const before = await count();
    const save = (values: Record<string, unknown>) => s.post('/enterprise/crm/save', { type: 'customer', values }, a.token);
    const full = { shares: [{ user_id: a.id, proportion: 100 }] };
    expect((await save(customer({ ...full, name: '' }))).body).toMatchObject({ code: 400, key: 'work.required', msg: 'Customer name cannot be empty', params: { name: 'Customer name' } });
    expect((await save(customer({ ...full, level: 'A' }))).body).toMatchObject({ code: 400, key: 'work.required', params: { field: 'level_note' } });
    expect((await save(customer({ ...full, level: 'Z' }))).body).toMatchObject({ code: 400, key: 'work.option' });
    expect((await save(customer({ shares: [{ user_id: a.id, proportion: 50 }, { user_id: b.id, proportion: 40 }] }))).body).toMatchObject({
      code: 400,
      key: 'work.proportions',
      params: { total: 90 },
    });
    expect((await save(customer({ shares: [{ user_id: 99_999_999, proportion: 100 }] }))).body).toMatchObject({ code: 400, key: 'work.user' });
    // a negative share made the others' total count, and 1e308 was stored as Infinity
    for (const bad of [[200, -100], [1e308, 0], [100, 'abc']]) {
      const shares = [{ user_id: a.id, proportion: bad[0] }, { user_id: b.id, proportion: bad[1] }];
      expect((await save(customer({ shares }))).body, JSON.stringify(bad)).toMatchObject({ code: 400, key: 'work.proportion', params: { name: 'Shares' } });
    }
    expect((await save(customer({ ...full, shares: 'everyone' }))).body.code).toBe(400);
    expect((await s.post('/enterprise/crm/save', { type: 'receivable', values: { title: 'T', amount: '12.345', due: '2026-02-01', instalments: 2, ...full } }, a.token)).body).toMatchObject({ code: 400, key: 'work.money' });
    expect((await s.post('/enterprise/crm/save', { type: 'nonsense', values: {} }, a.token)).body.code).toBe(400);
    expect((await s.post('/enterprise/crm/save', { type: 'customer', values: 'x' }, a.token)).body.code).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a good is shared to a chat as a card message carrying its id, name and price', async () => {
    await befriend(s.built.ctx.db, a.id, b.id);
    const card = await send(s, a.token, { toContactId: b.id, type: 'good', extends: { id: goodIds[1] } });
    expect(card.body).toMatchObject({ code: 0, data: { type: 'good', content: 'Support plan', extends: { id: goodIds[1], name: 'Support plan', price: '1200.50' } } });
    const list = await s.post('/enterprise/im/getMessageList', { toContactId: a.id, is_group: 0 }, b.token);
    expect(list.body.data.at(-1)).toMatchObject({ type: 'good', extends: { id: goodIds[1] } });
    expect((await send(s, a.token, { toContactId: b.id, type: 'good', extends: { id: 99_999 } })).body).toMatchObject({ code: 404, key: 'work.goodNotFound' });
    expect((await send(s, a.token, { toContactId: b.id, type: 'good', extends: {} })).body.code).toBe(404);
  });

  it('the form endpoint answers the shipped definition, and the admin command replaces it but refuses an unknown form_type', async () => {
    const form = await s.post('/enterprise/crm/form', { type: 'business' }, a.token);
    expect(form.body.data.fields).toEqual(DEFAULT_FORMS.business);
    expect(form.body.data.goods.map((g: { id: number }) => g.id)).toEqual(goodIds);

    await expect(admin('crm', 'form', 'set', 'customer', jsonFile('bad-form.json', [{ name: 'Colour', field: 'colour', form_type: 'rainbow' }]))).rejects.toThrow(/form_type/);
    await expect(admin('crm', 'form', 'set', 'planet', jsonFile('ok-form.json', [{ name: 'Name', field: 'name', form_type: 'text' }]))).rejects.toThrow(/Unknown record type/);
    expect((await s.post('/enterprise/crm/form', { type: 'customer' }, a.token)).body.data.fields).toEqual(DEFAULT_FORMS.customer);

    expect(await admin('crm', 'form', 'set', 'project', jsonFile('p.json', [{ name: 'Name', field: 'name', form_type: 'text' }]))).toMatch(/1 fields/);
    expect((await s.post('/enterprise/crm/form', { type: 'project' }, a.token)).body.data.fields).toEqual([{ name: 'Name', field: 'name', form_type: 'text' }]);
  });
});
