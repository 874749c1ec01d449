import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, socketPool, startServer, type TestServer } from '../../testing/harness.ts';
import { befriend } from '../messages/fixtures.ts';

describe.each(backends)('what a profile tells whom (%s)', (backend) => {
  let s: TestServer;
  const pool = socketPool(() => s.wsUrl);
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => {
    pool.closeAll();
    await s.close();
  });

  it('a stranger asking by id gets what a search by exact account shows, without online state', async () => {
    const target = await s.user();
    const stranger = await s.user();
    await pool.sock(target);
    const byId = await s.post('/enterprise/im/getUserInfo', { user_id: target.id }, stranger.token);
    const found = await s.post('/enterprise/im/searchUser', { keywords: target.account }, stranger.token);
    expect(found.body.data).toHaveLength(1);
    expect(byId.body.data).toEqual(found.body.data[0]);
    expect(byId.body.data.is_online).toBe(0);
    expect(byId.body.data.email).toBeUndefined();
  });

  it('a friend sees the online state', async () => {
    const target = await s.user();
    const friend = await s.user();
    await befriend(s.built.ctx.db, target.id, friend.id);
    await pool.sock(target);
    const byId = await s.post('/enterprise/im/getUserInfo', { user_id: target.id }, friend.token);
    expect(byId.body.data).toMatchObject({ is_friend: true, is_online: 1 });
    const found = await s.post('/enterprise/im/searchUser', { keywords: target.account }, friend.token);
    expect(found.body.data[0].is_online).toBe(1);
  });
});
