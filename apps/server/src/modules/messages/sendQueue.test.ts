import { randomUUID } from 'node:crypto';
import { privateConvKey } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, socketPool, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend } from '../../testing/index.ts';
import { draftOf, senderRow } from './deliver.ts';
import { sendQueue } from './sendQueue.ts';

describe.each(backends)('send queue (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  const { sock, closeAll } = socketPool(() => s.wsUrl);

  beforeAll(async () => {
    s = await startServer(backend);
    a = await s.user('Alice');
    b = await s.user('Bob');
    await befriend(s.built.ctx.db, a.id, b.id);
  });
  afterAll(async () => {
    closeAll();
    await s.close();
  });

  const outgoing = async (content: string, id = randomUUID()) => ({
    draft: draftOf({ id, fromUser: a.id, toContactId: b.id, isGroup: false, type: 'text', content }, null),
    sender: await senderRow(s.built.ctx.db, a.id),
  });

  it('sends made together are each stored once, chained in order, and a send that cannot be stored fails alone', async () => {
    const bPhone = await sock(b);
    const submit = sendQueue(s.built.ctx);
    const repeatedId = randomUUID();
    const jobs = [
      await outgoing('one'),
      await outgoing('two', repeatedId),
      // NOT NULL content: the database refuses this row, and with it the batch it came in
      await outgoing(null as unknown as string),
      await outgoing('two again', repeatedId),
      await outgoing('three'),
    ];
    const results = await Promise.allSettled(jobs.map((j) => submit(j)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const done = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const [, two, twoAgain] = done;
    // one of the two sends with the same id stored it; the other is answered with that message
    expect(two.message.msg_id).toBe(twoAgain.message.msg_id);
    expect([two.created, twoAgain.created].sort()).toEqual([false, true]);
    const created = done.filter((d) => d.created).map((d) => d.message).sort((x, y) => x.msg_id - y.msg_id);
    expect(created).toHaveLength(3);
    expect(created.map((m) => m.prev_msg_id)).toEqual([0, created[0].msg_id, created[1].msg_id]);
    const stored = await s.built.ctx.db.selectFrom('messages').select('content').where('from_user', '=', a.id).orderBy('msg_id').execute();
    expect(stored.map((m) => m.content)).toEqual(created.map((m) => m.content));
    // pushed once each: the repeat is not pushed again
    const pushed = [];
    for (let i = 0; i < 3; i++) pushed.push((await bPhone.next<{ content: string }>('simple')).data.content);
    expect(pushed.sort()).toEqual(created.map((m) => m.content).sort());
    await expect(bPhone.next('simple', 300)).rejects.toThrow(/no "simple" frame/);
  });

  it('a private chat gets its list rows once however many of its messages share a batch', async () => {
    const c = await s.user('Carol');
    await befriend(s.built.ctx.db, a.id, c.id);
    const submit = sendQueue(s.built.ctx);
    const sender = await senderRow(s.built.ctx.db, a.id);
    await Promise.all(
      ['x', 'y', 'z'].map((content) =>
        submit({ draft: draftOf({ fromUser: a.id, toContactId: c.id, isGroup: false, type: 'text', content }, null), sender }),
      ),
    );
    const rows = await s.built.ctx.db
      .selectFrom('conversations')
      .select(['user_id', 'contact_id'])
      .where('conv_key', '=', privateConvKey(a.id, c.id))
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual(
      [
        { user_id: a.id, contact_id: String(c.id) },
        { user_id: c.id, contact_id: String(a.id) },
      ].sort((x, y) => x.user_id - y.user_id),
    );
  });
});
