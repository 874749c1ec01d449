import type { ChatContact, ChatMessage } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, boundSocket, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, seedGroup, send } from '../../testing/index.ts';

/**
 * Nothing lost, nothing twice (design: Realtime): a client whose socket dropped re-binds, reads
 * the chat list, and for each conversation fetches what came after the last msg_id it knew.
 */
describe.each(backends)('reconcile after re-bind (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let gid: number;

  beforeAll(async () => {
    s = await startServer(backend);
    a = await s.user('Alice');
    b = await s.user('Bob');
    await befriend(s.built.ctx.db, a.id, b.id);
    gid = await seedGroup(s.built.ctx.db, a.id, [b.id]);
  });
  afterAll(() => s.close());

  async function knownLastIds(u: TestUser): Promise<Map<string, number>> {
    const res = await s.post('/enterprise/im/getContacts', {}, u.token);
    return new Map((res.body.data as ChatContact[]).map((c) => [String(c.id), c.last_msg_id]));
  }

  /** What a client does per conversation: page through everything after its cursor. */
  async function catchUp(u: TestUser, contact: ChatContact, from: number): Promise<ChatMessage[]> {
    const got: ChatMessage[] = [];
    let cursor = from;
    for (;;) {
      const res = await s.post(
        '/enterprise/im/getMessageList',
        { toContactId: contact.id, is_group: contact.is_group, last_msg_id: cursor, limit: 20 },
        u.token,
      );
      expect(res.body.code).toBe(0);
      const page = res.body.data as ChatMessage[];
      got.push(...page);
      if (page.length === 0 || res.body.count === page.length) break;
      cursor = page[page.length - 1].msg_id;
    }
    return got;
  }

  it('B misses 50 private and 50 group messages while offline and gets exactly those, in order, once', async () => {
    // B is online and up to date
    const before = await boundSocket(s.wsUrl, b.token);
    await send(s, a.token, { toContactId: b.id, content: 'before private' });
    await send(s, a.token, { toContactId: `group-${gid}`, is_group: 1, content: 'before group' });
    await before.next('simple');
    await before.next('group');
    const known = await knownLastIds(b);
    expect(known.get(String(a.id))).toBeGreaterThan(0);
    expect(known.get(`group-${gid}`)).toBeGreaterThan(0);

    // the socket drops
    before.close();
    await before.closed;

    // A sends 50 + 50, ten at a time concurrently
    const sentPrivate: ChatMessage[] = [];
    const sentGroup: ChatMessage[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => [
          send(s, a.token, { toContactId: b.id, content: `p${batch * 10 + i}` }),
          send(s, a.token, { toContactId: `group-${gid}`, is_group: 1, content: `g${batch * 10 + i}` }),
        ]).flat(),
      );
      for (const r of answers) {
        expect(r.body.code).toBe(0);
        (r.body.data.is_group ? sentGroup : sentPrivate).push(r.body.data);
      }
    }
    expect(sentPrivate).toHaveLength(50);
    expect(sentGroup).toHaveLength(50);

    // B re-binds and reconciles
    const after = await boundSocket(s.wsUrl, b.token);
    const contacts = (await s.post('/enterprise/im/getContacts', {}, b.token)).body.data as ChatContact[];
    const fetched = new Map<string, ChatMessage[]>();
    for (const contact of contacts) {
      const from = known.get(String(contact.id)) ?? 0;
      if (contact.last_msg_id > from) fetched.set(String(contact.id), await catchUp(b, contact, from));
    }
    expect([...fetched.keys()].sort()).toEqual([String(a.id), `group-${gid}`].sort());

    const byId = (ms: ChatMessage[]) => ms.map((m) => m.msg_id);
    const ascending = (ms: ChatMessage[]) => byId(ms).sort((x, y) => x - y);
    const gotPrivate = fetched.get(String(a.id)) ?? [];
    const gotGroup = fetched.get(`group-${gid}`) ?? [];
    expect(byId(gotPrivate)).toEqual(ascending(sentPrivate));
    expect(byId(gotGroup)).toEqual(ascending(sentGroup));
    expect(new Set([...byId(gotPrivate), ...byId(gotGroup)]).size).toBe(100);
    // the fetched messages are the sent ones, field for field (file links aside: none here)
    const sentById = new Map([...sentPrivate, ...sentGroup].map((m) => [m.msg_id, m]));
    // (the answers to sendMessage also carry prev_msg_id, lists do not)
    for (const m of [...gotPrivate, ...gotGroup]) expect({ ...sentById.get(m.msg_id), prev_msg_id: undefined }).toEqual(m);
    const contactOfA = contacts.find((c) => c.id === a.id);
    expect(contactOfA).toMatchObject({ unread: 51, last_msg_id: Math.max(...byId(sentPrivate)) });
    expect(contacts.find((c) => c.id === `group-${gid}`)?.unread).toBe(51);

    // and the new socket is live again
    const live = await send(s, a.token, { toContactId: b.id, content: 'welcome back' });
    expect((await after.next('simple')).data).toEqual(live.body.data);
    after.close();
  });

  it('chains every pushed message to the one before it in its conversation (prev_msg_id), under concurrent sends', async () => {
    const watcher = await boundSocket(s.wsUrl, b.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(s, a.token, i % 2 ? { toContactId: b.id, content: `c${i}` } : { toContactId: `group-${gid}`, is_group: 1, content: `c${i}` }),
      ),
    );
    const pushed: ChatMessage[] = [];
    for (let i = 0; i < 10; i++) pushed.push((await watcher.next<ChatMessage>('simple')).data);
    for (let i = 0; i < 10; i++) pushed.push((await watcher.next<ChatMessage>('group')).data);
    watcher.close();
    for (const conv of [0, 1] as const) {
      const mine = pushed.filter((m) => m.is_group === conv).sort((x, y) => x.msg_id - y.msg_id);
      // the answers carry the same chain as the pushes
      for (const m of mine) expect(answers.find((r) => r.body.data.msg_id === m.msg_id)?.body.data.prev_msg_id).toBe(m.prev_msg_id);
      for (let i = 1; i < mine.length; i++) expect(mine[i].prev_msg_id).toBe(mine[i - 1].msg_id);
      // the first one links to the newest message the conversation held before
      const history = await s.post(
        '/enterprise/im/getMessageList',
        { toContactId: conv ? `group-${gid}` : a.id, is_group: conv, before_msg_id: mine[0].msg_id, limit: 1 },
        b.token,
      );
      expect(mine[0].prev_msg_id).toBe(history.body.data[0]?.msg_id ?? 0);
    }
  });

  it('a forward of several messages into two chats chains each copy to the one before it in its chat', async () => {
    const sources = [];
    for (let i = 0; i < 3; i++) sources.push((await send(s, a.token, { toContactId: b.id, content: `fw${i}` })).body.data.msg_id);
    const watcher = await boundSocket(s.wsUrl, b.token);
    const res = await s.post('/enterprise/im/forwardMessage', { msg_ids: sources, user_ids: [b.id, `group-${gid}`] }, a.token);
    expect(res.body.code).toBe(0);
    const copies = res.body.data as ChatMessage[];
    expect(copies).toHaveLength(6);
    for (const conv of [0, 1]) {
      const inChat = copies.filter((m) => m.is_group === conv).sort((x, y) => x.msg_id - y.msg_id);
      expect(inChat.map((m) => m.content)).toEqual(['fw0', 'fw1', 'fw2']);
      for (let i = 1; i < inChat.length; i++) expect(inChat[i].prev_msg_id).toBe(inChat[i - 1].msg_id);
      const pushed = (await watcher.next<ChatMessage>(conv ? 'group' : 'simple')).data;
      expect(pushed.msg_id).toBe(inChat[0].msg_id);
      expect(pushed.prev_msg_id).toBe(inChat[0].prev_msg_id);
    }
    watcher.close();
  });
});
