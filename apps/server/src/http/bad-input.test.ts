import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer } from '../testing/harness.ts';

describe.each(backends)('bad input is refused, never a 500 (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(() => s.close());

  const cases: [string, unknown][] = [
    ['missing fields', {}],
    ['numbers for strings', { account: 12345, password: 123456 }],
    ['null fields', { account: null, password: null }],
    ['nested objects', { account: { $gt: '' }, password: ['x'] }],
    ['a huge string', { account: 'a'.repeat(100_000), password: 'secret12' }],
  ];
  it.each(cases)('login with %s', async (_name, body) => {
    const res = await s.post('/common/pub/login', body);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(400);
    expect(res.body.msg.length).toBeGreaterThan(3);
    expect(res.body.key).toMatch(/^(common|validation)\./);
  });

  it('a body failing its schema is refused with the field or the schema\'s own key; no body at all is {}', async () => {
    const u = await s.user();
    expect((await s.post('/common/pub/bindUid', {}, u.token)).body).toMatchObject({
      code: 400,
      key: 'common.fieldRequired',
      params: { field: 'client_id' },
    });
    expect((await s.post('/common/pub/checkVersion', { versionCode: [] })).body).toMatchObject({
      code: 400,
      key: 'common.invalid',
      params: { detail: 'versionCode: Invalid input' },
    });
    expect((await s.post('/common/pub/login', { account: 'ab', password: 'secret12' })).body).toMatchObject({
      code: 400,
      key: 'validation.account',
    });
    const bare = await s.raw('/enterprise/im/getContacts', { method: 'POST', headers: { authorization: u.token } });
    expect(((await bare.json()) as { code: number }).code).toBe(0);
  });

  it('malformed JSON', async () => {
    const res = await s.post('/common/pub/register', '{"account": "abc",');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, msg: 'The body is not valid JSON.', key: 'common.notJson' });
  });

  it('a JSON array or scalar instead of an object', async () => {
    expect((await s.post('/common/pub/login', '[1,2]')).body.code).toBe(400);
    expect((await s.post('/common/pub/login', '"x"')).body.code).toBe(400);
  });

  it('a 10 MB body', async () => {
    const big = JSON.stringify({ account: 'x'.repeat(10 * 1024 * 1024), password: 'secret12' });
    const res = await s.post('/common/pub/login', big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 400, msg: 'The request body is too large.' });
  });

  it('a wrong content type', async () => {
    const res = await s.raw('/common/pub/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(res.status).toBeLessThan(500);
    expect((await res.json()).code).toBe(400);
  });

  it('an unknown endpoint is a 404 envelope', async () => {
    const res = await s.post('/enterprise/im/noSuchThing', {});
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, key: 'common.noEndpoint', params: { endpoint: 'POST /enterprise/im/noSuchThing' } });
  });

  it('paths match case-insensitively', async () => {
    const a = await s.post('/common/pub/getSystemInfo', {});
    const b = await s.post('/COMMON/PUB/GETSYSTEMINFO', {});
    expect(a.body.code).toBe(0);
    expect(b.body).toEqual(a.body);
  });

  it('the server is still up after all of it', async () => {
    const u = await s.user();
    expect(u.id).toBeGreaterThan(0);
  });
});
