import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localBus } from './bus.ts';
import { type Conn, DEFAULT_PACING, type FlushPacing, Hub } from './hub.ts';

/** A socket that records what is written to it and when it is closed, in one log. */
function fakeSocket(log: string[] = []) {
  const writes: Buffer[] = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    send: (text: string) => log.push(`send ${text}`),
    close(code: number) {
      log.push(`close ${code}`);
      this.readyState = 2;
    },
    terminate() {},
  };
  const raw = {
    writable: true,
    write(b: Buffer) {
      writes.push(b);
      log.push(`write ${ids(b).join(',')}`);
      return true;
    },
  };
  return { ws, raw, writes, log };
}

/** The text payloads of the unmasked server frames in one write. */
function payloads(wire: Buffer): string[] {
  const out: string[] = [];
  let off = 0;
  while (off < wire.length) {
    let len = wire[off + 1] & 0x7f;
    let head = 2;
    if (len === 126) {
      len = wire.readUInt16BE(off + 2);
      head = 4;
    }
    out.push(wire.subarray(off + head, off + head + len).toString());
    off += head + len;
  }
  return out;
}

/** The `user_id`s of the delFriend pushes in one write, in order. */
const ids = (wire: Buffer) => payloads(wire).map((p) => JSON.parse(p).data.user_id as number);

function setup(n: number, pacing: Partial<FlushPacing> = {}) {
  const hub = new Hub(localBus(), undefined, { ...DEFAULT_PACING, ...pacing });
  const sockets = Array.from({ length: n }, (_, i) => {
    const s = fakeSocket();
    const conn = hub.add(s.ws as unknown as WebSocket, s.raw as unknown as Duplex);
    hub.bindConn(conn, i + 1, i + 1);
    return { ...s, conn: conn as Conn };
  });
  return { hub, sockets, users: sockets.map((_, i) => i + 1) };
}

/** Runs the next turn's flush (a setImmediate), or the next timer. */
const nextTurn = () => vi.advanceTimersToNextTimer();
/** Runs what is due now (setImmediate) and nothing later. */
const dueNow = () => vi.advanceTimersByTime(0);

describe('hub writes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('writes the pushes a socket gets in one turn with one write, in push order', () => {
    const { hub, sockets } = setup(1);
    for (let i = 1; i <= 5; i++) hub.pushUsers([1], 'delFriend', { user_id: i });
    expect(sockets[0].writes).toHaveLength(0);
    nextTurn();
    expect(sockets[0].writes).toHaveLength(1);
    expect(ids(sockets[0].writes[0])).toEqual([1, 2, 3, 4, 5]);
    expect(hub.framesDelivered).toBe(5);
    expect(hub.socketWrites).toBe(1);
  });

  it('writes answers to calls together at the end of the turn, behind the frames waiting for each socket, without a hold', () => {
    const { hub, sockets, users } = setup(3, { socketsPerMs: 1, maxHoldMs: 50 });
    // a big round just ran: the next round of pushes is held back
    hub.pushUsers(users, 'delFriend', { user_id: 1 });
    nextTurn();
    hub.pushUsers([1], 'delFriend', { user_id: 2 });
    const answer = (seq: number) => JSON.stringify({ type: 'delFriend', data: { user_id: 100 + seq } });
    hub.reply(sockets[0].conn, answer(1));
    hub.reply(sockets[1].conn, answer(2));
    expect(sockets[0].writes).toHaveLength(1);
    dueNow();
    // socket 1: the push that waited, then its answer, in one write; socket 2: its answer; no hold for either
    expect(sockets[0].writes.map(ids)).toEqual([[1], [2, 101]]);
    expect(sockets[1].writes.map(ids)).toEqual([[1], [102]]);
    expect(sockets[2].writes.map(ids)).toEqual([[1]]);
    // the held round later finds nothing left for socket 1
    vi.runAllTimers();
    expect(sockets[0].writes).toHaveLength(2);
  });

  it('gives the sockets of a fan-out one shared buffer when their frames are the same', () => {
    const { hub, sockets, users } = setup(20);
    for (let i = 1; i <= 3; i++) hub.pushUsers(users, 'delFriend', { user_id: i });
    nextTurn();
    const wires = sockets.map((s) => s.writes[0]);
    expect(new Set(wires).size).toBe(1);
    expect(ids(wires[0])).toEqual([1, 2, 3]);
  });

  it('splits a fan-out bigger than a chunk across turns of the event loop, each socket written once', () => {
    const { hub, sockets, users } = setup(10, { socketsPerMs: 1000, maxHoldMs: 0, chunk: 4 });
    hub.pushUsers(users, 'delFriend', { user_id: 7 });
    const written = () => sockets.filter((s) => s.writes.length > 0).length;
    nextTurn();
    expect(written()).toBe(4);
    nextTurn();
    expect(written()).toBe(8);
    nextTurn();
    expect(written()).toBe(10);
    expect(sockets.every((s) => s.writes.length === 1 && ids(s.writes[0])[0] === 7)).toBe(true);
  });

  it('ends a turn early once its writes have taken turnMs (checked every 32 sockets)', () => {
    const { hub, sockets, users } = setup(100, { socketsPerMs: 1000, maxHoldMs: 0, chunk: 1000, turnMs: 5 });
    // a slow kernel: each write takes 1 ms
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    for (const s of sockets) {
      const write = s.raw.write;
      s.raw.write = (b: Buffer) => {
        clock += 1;
        return write.call(s.raw, b);
      };
    }
    hub.pushUsers(users, 'delFriend', { user_id: 1 });
    const written = () => sockets.filter((s) => s.writes.length > 0).length;
    nextTurn();
    expect(written()).toBe(32);
    nextTurn();
    expect(written()).toBe(64);
    vi.runAllTimers();
    expect(written()).toBe(100);
  });

  it('keeps order for a socket pushed to again while a round is split across turns', () => {
    const { hub, sockets, users } = setup(10, { socketsPerMs: 1000, maxHoldMs: 0, chunk: 4 });
    hub.pushUsers(users, 'delFriend', { user_id: 1 });
    nextTurn(); // sockets 1-4 written
    hub.pushUsers([1, 9], 'delFriend', { user_id: 2 });
    vi.runAllTimers();
    expect(sockets[0].writes.map(ids)).toEqual([[1], [2]]);
    expect(sockets[8].writes.map(ids)).toEqual([[1, 2]]);
    expect(sockets[5].writes.map(ids)).toEqual([[1]]);
  });

  it('after a round to many sockets, holds the next one so that each socket gets several frames per write', () => {
    const { hub, sockets, users } = setup(100, { socketsPerMs: 5, maxHoldMs: 25, chunk: 500 });
    hub.pushUsers(users, 'delFriend', { user_id: 1 });
    dueNow();
    expect(hub.socketWrites).toBe(100);
    // pushes in the following turns wait for the hold (100 sockets / 5 per ms = 20 ms) …
    hub.pushUsers(users, 'delFriend', { user_id: 2 });
    vi.advanceTimersByTime(5);
    hub.pushUsers(users, 'delFriend', { user_id: 3 });
    vi.advanceTimersByTime(5);
    expect(hub.socketWrites).toBe(100);
    vi.advanceTimersByTime(11);
    // … and go out together: one more write per socket
    expect(hub.socketWrites).toBe(200);
    expect(hub.framesDelivered).toBe(300);
    expect(sockets.every((s) => s.writes.length === 2 && ids(s.writes[1]).join() === '2,3')).toBe(true);
  });

  it('holds no longer than maxHoldMs', () => {
    const { hub, users } = setup(100, { socketsPerMs: 1, maxHoldMs: 25, chunk: 500 });
    hub.pushUsers(users, 'delFriend', { user_id: 1 });
    dueNow();
    hub.pushUsers(users, 'delFriend', { user_id: 2 });
    vi.advanceTimersByTime(20);
    expect(hub.socketWrites).toBe(100);
    vi.advanceTimersByTime(6);
    expect(hub.socketWrites).toBe(200);
  });

  it('writes at the next turn after a round to a few sockets (a quiet node adds no delay)', () => {
    const { hub, users } = setup(3);
    hub.pushUsers(users, 'delFriend', { user_id: 1 });
    dueNow();
    hub.pushUsers(users, 'delFriend', { user_id: 2 });
    dueNow();
    expect(hub.socketWrites).toBe(6);
  });

  it('writes the frames waiting for a socket before closing it, and nothing after', () => {
    const { hub, sockets } = setup(2, { socketsPerMs: 0.001, maxHoldMs: 25, chunk: 500 });
    hub.pushUsers([1, 2], 'delFriend', { user_id: 1 });
    dueNow();
    // held: these wait …
    hub.pushUsers([1, 2], 'delFriend', { user_id: 2 });
    hub.pushUsers([1, 2], 'delFriend', { user_id: 3 });
    // … until socket 1's session is closed with a last frame
    hub.push({ sessions: [1] }, 'delFriend', { user_id: 4 }, { close: true });
    expect(sockets[0].log).toEqual(['write 1', 'write 2,3,4', 'close 4001']);
    // the sweep and a socket closed from its own handler (socket.ts) flush first too
    hub.closeConn(sockets[1].conn, 1000, 'bye');
    expect(sockets[1].writes.map(ids)).toEqual([[1], [2, 3]]);
    hub.pushUsers([1, 2], 'delFriend', { user_id: 5 });
    vi.runAllTimers();
    expect(sockets.map((s) => s.writes.length)).toEqual([2, 2]);
  });

  it('keeps a large audience\'s sockets only while nobody binds or unbinds', () => {
    const { hub, sockets, users } = setup(100, { socketsPerMs: 1000, maxHoldMs: 0 });
    // the same member list, message after message, as the groups' member cache hands it out
    const members = [...users, 101];
    const written = () => vi.runAllTimers();
    hub.pushUsers(members, 'delFriend', { user_id: 1 });
    written();
    expect(sockets.every((s) => s.writes.length === 1)).toBe(true);
    expect(hub.offlineAmong(members)).toEqual([101]);
    // a member's socket binds: the next push reaches it
    const late = fakeSocket();
    hub.bindConn(hub.add(late.ws as unknown as WebSocket, late.raw as unknown as Duplex), 101, 101);
    hub.pushUsers(members, 'delFriend', { user_id: 2 });
    written();
    expect(late.writes.map(ids)).toEqual([[2]]);
    expect(hub.offlineAmong(members)).toEqual([]);
    // a member's socket goes: it gets nothing more
    hub.remove(sockets[0].conn);
    hub.pushUsers(members, 'delFriend', { user_id: 3 });
    written();
    expect(sockets[0].writes).toHaveLength(2);
    expect(sockets[1].writes.map(ids)).toEqual([[1], [2], [3]]);
    expect(late.writes.map(ids)).toEqual([[2], [3]]);
    expect(hub.offlineAmong(members)).toEqual([1]);
  });

  it('drops the frames of a socket that began closing on its own rather than write them after its close frame', () => {
    const { hub, sockets } = setup(1);
    hub.pushUsers([1], 'delFriend', { user_id: 1 });
    sockets[0].ws.readyState = 2; // CLOSING: the close frame is out
    vi.runAllTimers();
    expect(sockets[0].writes).toHaveLength(0);
  });
});
