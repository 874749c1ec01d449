import type { ChatMessage } from '@parley/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageListQuery, MessagePage } from '../api/messages.ts';
import { planReconcile } from '../realtime/reconcilePlan.ts';
import { normalizeContact } from './conversationList.ts';
import { useMessages } from './messages.ts';
import { useSession } from './session.ts';

/**
 * Catch-up after a reconnect while messages keep coming (issue 9, item 1), at the level of the
 * messages store: a simulated server keeps one log per conversation, answers getMessageList after
 * a random number of turns (so pushes and answers overtake each other), and delivers pushes in
 * order on the one socket, or loses them while the socket is down. After every reconnect the
 * client does what `sync.ts` catchUp does (plan from the chat list, reconcile each target) while
 * the sender goes on. At the end every cached conversation holds exactly the server's messages.
 */

const ME = 1;
const PEER = 2;
const GROUP = 'group-5';

// The HTTP client needs a browser: the store's calls go to the simulated server.
const server = vi.hoisted(() => ({ list: (_q: MessageListQuery): Promise<MessagePage> => new Promise(() => undefined) }));
vi.mock('../api/messages.ts', () => ({
  getMessageList: (q: MessageListQuery) => server.list(q),
  sendMessage: () => new Promise(() => undefined),
}));
vi.mock('../api/client.ts', () => ({ ApiError: class ApiError extends Error {} }));
vi.mock('../api/uploads.ts', () => ({ uploadFile: () => new Promise(() => undefined) }));
vi.mock('../realtime/socket.ts', () => ({ onSocketState: () => () => undefined, onPush: () => () => undefined }));

/** A small seeded generator, so that a failing interleaving can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lets `n` turns of other work run (promise continuations only: deterministic, no clock). */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

function message(msgId: number, prev: number, contactId: string): ChatMessage {
  const isGroup = contactId === GROUP;
  return {
    id: `c-${msgId}`,
    msg_id: msgId,
    toContactId: isGroup ? GROUP : ME,
    fromUser: { id: PEER, user_id: PEER, realname: 'Peer', displayName: 'Peer', avatar: '', avatar_color: 1 },
    content: `m${msgId}`,
    type: 'text',
    sendTime: msgId,
    at: [],
    is_group: isGroup ? 1 : 0,
    extends: {},
    is_undo: 0,
    is_read: 0,
    file: null,
    prev_msg_id: prev,
  };
}

class SimServer {
  readonly logs = new Map<string, ChatMessage[]>([
    [String(PEER), []],
    [GROUP, []],
  ]);
  private nextId = 1;
  connected = true;
  /** pushes on the wire, in socket order */
  private wire: ChatMessage[] = [];
  constructor(private readonly random: () => number) {}

  send(contactId: string): void {
    const log = this.logs.get(contactId) ?? [];
    const msg = message(this.nextId++, log.at(-1)?.msg_id ?? 0, contactId);
    log.push(msg);
    if (this.connected) this.wire.push(msg);
  }

  /** Delivers some of the pushes on the wire, oldest first. */
  deliver(all = false): void {
    const n = all ? this.wire.length : Math.floor(this.random() * 3);
    for (const m of this.wire.splice(0, n)) useMessages.getState().ingest(m);
  }

  drop(): void {
    this.connected = false;
    this.wire = [];
  }

  /** The query runs after some turns, its answer arrives after some more. */
  async list(q: MessageListQuery): Promise<MessagePage> {
    await turns(Math.floor(this.random() * 40));
    const all = this.logs.get(String(q.toContactId)) ?? [];
    const limit = q.limit ?? 20;
    let matched: ChatMessage[];
    let items: ChatMessage[];
    if (q.last_msg_id !== undefined) {
      matched = all.filter((m) => m.msg_id > (q.last_msg_id ?? 0));
      items = matched.slice(0, limit);
    } else if (q.before_msg_id !== undefined) {
      matched = all.filter((m) => m.msg_id < (q.before_msg_id ?? 0));
      items = matched.slice(-limit);
    } else {
      matched = all;
      items = all.slice(-limit);
    }
    // lists carry no prev_msg_id
    const page = { items: items.map(({ prev_msg_id: _prev, ...m }) => ({ ...m })), count: matched.length };
    await turns(Math.floor(this.random() * 40));
    return page;
  }

  /** The chat list as getContacts answers it. */
  contacts() {
    return [...this.logs].map(([id, log]) =>
      normalizeContact({ id: id === GROUP ? GROUP : Number(id), is_group: id === GROUP ? 1 : 0, last_msg_id: log.at(-1)?.msg_id ?? 0, lastSendTime: log.length, lastContent: '' }),
    );
  }
}

/** What sync.ts catchUp does after a rebind, against the store. */
async function catchUp(sim: SimServer): Promise<void> {
  await turns(5);
  const contacts = sim.contacts();
  const messages = useMessages.getState();
  const cached = messages.cachedContactIds().map((contactId) => ({ contactId, syncedMsgId: messages.byContact[contactId]?.syncedMsgId ?? 0 }));
  const plan = planReconcile({ cached, contacts, contactsFresh: true, activeId: String(PEER) });
  await Promise.all(plan.map((t) => useMessages.getState().reconcile(t.contactId, t.isGroup)));
}

async function run(seed: number): Promise<void> {
  const random = prng(seed);
  const sim = new SimServer(random);
  server.list = (q) => sim.list(q);
  // history before the client starts
  for (let i = 0; i < 30; i++) sim.send(i % 3 ? String(PEER) : GROUP);
  await useMessages.getState().loadLatest(String(PEER), false);
  await useMessages.getState().loadLatest(GROUP, true);

  const catchUps: Promise<void>[] = [];
  for (let step = 0; step < 400; step++) {
    sim.send(random() < 0.5 ? String(PEER) : GROUP);
    sim.deliver();
    if (step % 80 === 20) sim.drop();
    if (step % 80 === 45) {
      // reconnect: the new socket gets the pushes from now on; the catch-up runs meanwhile
      sim.connected = true;
      catchUps.push(catchUp(sim));
    }
    await turns(Math.floor(random() * 12));
  }
  sim.deliver(true);
  await Promise.all(catchUps);
  await turns(200);

  for (const [contactId, log] of sim.logs) {
    const t = useMessages.getState().byContact[contactId];
    const ids = t.items.map((m) => m.msg_id);
    const server = log.map((m) => m.msg_id).filter((id) => id >= ids[0]);
    expect({ contactId, seed, ids }).toEqual({ contactId, seed, ids: server });
    expect(t.syncedMsgId).toBe(log.at(-1)?.msg_id);
  }
}

describe('catch-up inside continuous sending (messages store)', () => {
  beforeEach(() => {
    useSession.setState({ userInfo: { user_id: ME } as never });
    useMessages.getState().reset();
  });

  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`ends with exactly the server's messages, in order (seed ${seed})`, () => run(seed));
  }

  it('fetches the gap when a push does not follow the newest cached message, and only moves the mark over what it has', async () => {
    const sim = new SimServer(prng(99));
    server.list = (q) => sim.list(q);
    for (let i = 0; i < 5; i++) sim.send(String(PEER));
    await useMessages.getState().loadLatest(String(PEER), false);
    expect(useMessages.getState().byContact[String(PEER)].syncedMsgId).toBe(5);
    sim.drop();
    sim.send(String(PEER));
    sim.send(String(PEER));
    sim.connected = true;
    sim.send(String(PEER));
    let answered = false;
    server.list = async (q) => {
      const page = await sim.list(q);
      answered = true;
      return page;
    };
    sim.deliver(true);
    // message 8 is cached, but 6 and 7 are not yet: the mark stays at 5
    expect(useMessages.getState().byContact[String(PEER)].syncedMsgId).toBe(5);
    await vi.waitFor(() => expect(answered && useMessages.getState().byContact[String(PEER)].syncedMsgId === 8).toBe(true));
    expect(useMessages.getState().byContact[String(PEER)].items.map((m) => m.msg_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
