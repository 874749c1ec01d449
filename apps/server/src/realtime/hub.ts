import { randomBytes } from 'node:crypto';
import type { PushData, PushName } from '@parley/protocol';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Audience, Bus, BusMessage } from './bus.ts';
import { type OwnSocket, ownSocket } from './ownSocket.ts';
import { type Presence, soloPresence } from './presence.ts';
import { textFrame } from './wire.ts';

export interface Conn {
  clientId: string;
  ws: WebSocket;
  /** the raw connection under `ws`, written to directly with pre-encoded frames */
  raw: Duplex | null;
  /** frames waiting for the next flush round, in push order: the first `queued` of `queue` (kept between rounds) */
  queue: (Buffer | undefined)[];
  queued: number;
  userId: number | null;
  sessionId: number | null;
  /** `ownSocket(userId, clientId)` while bound: what a push's exception is compared with */
  own: OwnSocket | null;
  lastSeen: number;
  openedAt: number;
}

/**
 * How pushes are written (see `Hub.flush`). Frames wait in their socket's queue for a flush round,
 * which writes each waiting socket's frames with one write. A round that wrote to `n` sockets holds
 * the next round back until `n / socketsPerMs` ms after it started (at most `maxHoldMs`): a quiet node
 * writes at the next turn of the event loop, a node fanning out to many sockets gives each socket
 * several frames per write. A round writes at most `chunk` sockets per turn of the event loop, and
 * stops a turn early once it has taken `turnMs`, then yields: however big the group, other work
 * runs between turns.
 */
export interface FlushPacing {
  socketsPerMs: number;
  maxHoldMs: number;
  chunk: number;
  turnMs: number;
}

/**
 * On loopback a write costs the sender the kernel's delivery to the receiver too: about 10 µs of
 * server CPU per write in the bench (against well under 1 µs for the rest of a delivery), so writes
 * per delivery set the cost of a fan-out. 6.7 sockets per ms keeps a node to about 6,700 writes/s
 * however busy its groups are; more traffic rides in the same writes. A round of 1,000 sockets holds
 * the next one 150 ms (a 1,000-member group at 100 messages/s gets about 15 frames per write; at
 * 10/s, messages 100 ms apart, each waits 50 ms at most), 100 sockets 15 ms, a handful well under a
 * millisecond (next turn). 150 ms at most, whatever the group: a frame waits for one hold at most,
 * which keeps a busy group's p95 within issue 17's 200 ms. Turns of 5 ms keep the event loop free
 * for other work during a 10,000-socket round.
 */
export const DEFAULT_PACING: FlushPacing = { socketsPerMs: 6.7, maxHoldMs: 150, chunk: 1000, turnMs: 5 };

/** Audiences of at least this many users keep their list of sockets (see `Hub.audienceOf`). */
const AUDIENCE_KEPT_FROM = 64;

/** A users-only audience as this node found it, while `bindings` (the hub's count of binds and unbinds) holds. */
interface Audiences {
  bindings: number;
  size: number;
  conns: Conn[];
  /** the users with no socket on this node */
  unbound: number[];
}

/** One push frame `{type, data}`; `data` typed from the protocol's push map. */
export function frameOf<K extends PushName>(type: K, data: PushData<K>): string {
  return JSON.stringify({ type, data });
}

/**
 * The sockets this node holds, indexed by client id, user and session.
 * Pushes go through the bus so that any node can address any user.
 */
export class Hub {
  private readonly conns = new Map<string, Conn>();
  // arrays, not sets: most users and sessions have one or two sockets, and a set's table costs an
  // idle socket about 300 bytes more
  private readonly byUser = new Map<number, Conn[]>();
  private readonly bySession = new Map<number, Conn[]>();
  private presenceListeners: ((userId: number, online: boolean) => void)[] = [];
  private disconnectListeners: ((clientId: string, userId: number) => void)[] = [];
  /** sockets of the flush round being written (in the order they got their first frame); `cursor` is how far it got */
  private round: Conn[] = [];
  private cursor = 0;
  private inRound = false;
  /** sockets that got a frame since the round started: the next round */
  private waiting: Conn[] = [];
  private flushScheduled = false;
  private roundStartedAt = 0;
  /** no new round before this (performance.now() ms) */
  private holdUntil = 0;
  private readonly runFlush = () => this.flush();
  /** sockets with an answer to one of their calls waiting: written together at the end of this turn */
  private answering: Conn[] = [];
  private readonly writeAnswers = () => {
    const conns = this.answering;
    this.answering = [];
    for (const conn of conns) this.flushConn(conn);
  };
  /** scratch: the frames of the last buffer joined in a flush turn */
  private readonly lastFrames: Buffer[] = [];
  /**
   * The sockets of a large users-only audience, kept per audience array while no socket binds or
   * unbinds (`bindings` counts those changes): a group's cached member list comes back message after
   * message, and walking a flat list costs far less than a map lookup and a set per member.
   */
  private readonly audiences = new WeakMap<readonly number[], Audiences>();
  private bindings = 0;
  /** frames written to sockets so far (for the pushes-per-second figure) */
  framesDelivered = 0;
  /** writes made to sockets so far: framesDelivered / socketWrites is the frames per write */
  socketWrites = 0;

  constructor(
    private readonly bus: Bus,
    private readonly presence: Presence = soloPresence(),
    private readonly pacing: FlushPacing = DEFAULT_PACING,
  ) {
    bus.onMessage((msg) => this.onBus(msg));
    presence.onLost((userIds) => {
      for (const id of userIds) this.emitPresence(id, false);
    });
  }

  add(ws: WebSocket, raw: Duplex | null = null): Conn {
    const conn: Conn = {
      clientId: randomBytes(12).toString('hex'),
      ws,
      raw,
      queue: [],
      queued: 0,
      userId: null,
      sessionId: null,
      own: null,
      lastSeen: Date.now(),
      openedAt: Date.now(),
    };
    this.conns.set(conn.clientId, conn);
    return conn;
  }

  remove(conn: Conn): void {
    if (!this.conns.delete(conn.clientId)) return;
    const userId = conn.userId;
    this.unbind(conn);
    if (userId !== null) for (const l of this.disconnectListeners) l(conn.clientId, userId);
  }

  /** Called when a bound socket of this node goes away (closed, failed or swept as idle). */
  onDisconnect(listener: (clientId: string, userId: number) => void): void {
    this.disconnectListeners.push(listener);
  }

  get size(): number {
    return this.conns.size;
  }

  /** Users with at least one bound socket on this node. */
  get boundUsers(): number {
    return this.byUser.size;
  }

  /**
   * Binds locally when the socket is here, otherwise asks the other nodes (who apply the same rule).
   * 'taken': the socket is bound to another user, and a socket never changes hands.
   */
  bind(clientId: string, userId: number, sessionId: number): 'bound' | 'taken' | 'elsewhere' {
    const conn = this.conns.get(clientId);
    if (conn) return this.bindConn(conn, userId, sessionId) ? 'bound' : 'taken';
    this.bus.publish({ kind: 'bind', clientId, userId, sessionId });
    return 'elsewhere';
  }

  /** Binds an unbound socket, or rebinds one of the same user to a new session; false when another user holds it. */
  bindConn(conn: Conn, userId: number, sessionId: number): boolean {
    if (conn.userId !== null && conn.userId !== userId) return false;
    if (conn.userId === userId && conn.sessionId === sessionId) return true;
    this.unbind(conn);
    this.bindings++;
    conn.userId = userId;
    conn.sessionId = sessionId;
    conn.own = ownSocket(userId, conn.clientId);
    if (addTo(this.byUser, userId, conn) === 1) this.setPresence(userId, true);
    addTo(this.bySession, sessionId, conn);
    return true;
  }

  /** Closes every socket of these sessions on every node, without a frame (the session was ended on purpose). */
  closeSessions(sessions: number[]): void {
    if (sessions.length > 0) this.bus.publish({ kind: 'close', to: { sessions } });
  }

  isOnlineHere(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Online on any node (with Redis), or here. */
  isOnline(userId: number): boolean {
    return this.isOnlineHere(userId) || this.presence.elsewhere(userId);
  }

  /** The users among these with no socket on any node (`isOnline` false). */
  offlineAmong(users: readonly number[]): number[] {
    return this.audienceOf(users).unbound.filter((id) => !this.presence.elsewhere(id));
  }

  onPresence(listener: (userId: number, online: boolean) => void): void {
    this.presenceListeners.push(listener);
  }

  push<K extends PushName>(
    to: Audience,
    type: K,
    data: PushData<K>,
    opts: { exceptClientId?: OwnSocket; close?: boolean } = {},
  ): void {
    this.bus.publish({ kind: 'push', to, frame: frameOf(type, data), ...opts });
  }

  pushUsers<K extends PushName>(users: number[], type: K, data: PushData<K>, exceptClientId?: OwnSocket): void {
    if (users.length === 0) return;
    this.push({ users }, type, data, { exceptClientId });
  }

  /** Delivers to this node's sockets only (for work every node does itself, like config reloads). */
  pushLocal<K extends PushName>(to: Audience, type: K, data: PushData<K>): void {
    this.onBus({ kind: 'push', to, frame: frameOf(type, data) });
  }

  /** Closes idle sockets, and sockets still unbound after `unboundMs` however much they ping; returns how many. */
  sweep(idleMs: number, unboundMs = Number.POSITIVE_INFINITY, now = Date.now()): number {
    let closed = 0;
    for (const conn of this.conns.values()) {
      const idle = now - conn.lastSeen > idleMs;
      const unbound = conn.userId === null && now - conn.openedAt > unboundMs;
      if (idle || unbound) {
        this.closeConn(conn, idle ? 4000 : 4003, idle ? 'idle' : 'unbound');
        closed++;
      }
    }
    return closed;
  }

  /**
   * Shutting down: every socket is told to reconnect (`code`, e.g. 1012 "service restart"), and
   * the ones still open after `graceMs` are cut.
   */
  closeAllWith(code: number, reason: string, graceMs: number): void {
    const open = [...this.conns.values()];
    for (const conn of open) {
      this.flushConn(conn);
      conn.ws.close(code, reason);
    }
    const timer = setTimeout(() => {
      for (const conn of open) conn.ws.terminate();
    }, graceMs);
    timer.unref();
  }

  /** Closes one socket of this node after writing the frames waiting for it, and forgets it. */
  closeConn(conn: Conn, code: number, reason: string): void {
    this.flushConn(conn);
    conn.ws.close(code, reason);
    this.remove(conn);
  }

  closeAll(): void {
    for (const conn of this.conns.values()) conn.ws.terminate();
    this.conns.clear();
    this.byUser.clear();
    this.bySession.clear();
  }

  private unbind(conn: Conn): void {
    if (conn.userId !== null) {
      this.bindings++;
      if (removeFrom(this.byUser, conn.userId, conn)) this.setPresence(conn.userId, false);
    }
    if (conn.sessionId !== null) removeFrom(this.bySession, conn.sessionId, conn);
    conn.userId = null;
    conn.sessionId = null;
    conn.own = null;
  }

  /** This node's presence of a user changed: record it, tell the other nodes, and tell listeners unless another node has the user online. */
  private setPresence(userId: number, online: boolean): void {
    const elsewhere = this.presence.elsewhere(userId);
    this.presence.setLocal(userId, online);
    this.bus.publish({ kind: 'presence', nodeId: this.presence.nodeId, userId, online });
    if (!elsewhere) this.emitPresence(userId, online);
  }

  private emitPresence(userId: number, online: boolean): void {
    for (const l of this.presenceListeners) l(userId, online);
  }

  private onBus(msg: BusMessage): void {
    if (msg.kind === 'groupMembers' || msg.kind === 'sessionsEnded' || msg.kind === 'friendshipEnded' || msg.kind === 'userCardChanged') return;
    if (msg.kind === 'bind') {
      const conn = this.conns.get(msg.clientId);
      if (conn) this.bindConn(conn, msg.userId, msg.sessionId);
      return;
    }
    if (msg.kind === 'presence') {
      this.presence.remoteChange(msg.nodeId, msg.userId, msg.online);
      return;
    }
    if (msg.kind === 'close') {
      for (const conn of this.resolve(msg.to)) this.closeConn(conn, 4001, 'closed');
      return;
    }
    const { to, frame, exceptClientId, close } = msg;
    let wire: Buffer | null = null;
    const deliver = (conn: Conn) => {
      if (conn.own === exceptClientId) return;
      // a socket with a raw connection is checked when its frames are written (writeOut)
      if (conn.raw) {
        wire ??= textFrame(frame);
        this.enqueue(conn, wire);
      } else if (conn.ws.readyState === conn.ws.OPEN) {
        this.framesDelivered++;
        conn.ws.send(frame);
      }
      if (close) this.closeConn(conn, 4001, 'closed');
    };
    if (to.users && !to.sessions && !to.clientIds && !to.all && !close) {
      for (const conn of this.audienceOf(to.users).conns) deliver(conn);
    } else for (const conn of this.resolve(to)) deliver(conn);
  }

  /** The bound sockets of these users (the common audience: a chat's members), and the users without one here. */
  private audienceOf(users: readonly number[]): Audiences {
    const large = users.length >= AUDIENCE_KEPT_FROM;
    const known = large ? this.audiences.get(users) : undefined;
    if (known && known.bindings === this.bindings && known.size === users.length) return known;
    const found: Audiences = { bindings: this.bindings, size: users.length, conns: [], unbound: [] };
    for (const id of users) {
      const ofUser = this.byUser.get(id);
      if (ofUser) for (const conn of ofUser) found.conns.push(conn);
      else found.unbound.push(id);
    }
    if (large) this.audiences.set(users, found);
    return found;
  }

  /** Queues a frame for its socket's next write (see `FlushPacing`). */
  private enqueue(conn: Conn, wire: Buffer): void {
    conn.queue[conn.queued++] = wire;
    if (conn.queued > 1) return;
    this.waiting.push(conn);
    if (!this.inRound) this.schedule();
  }

  /** The next round starts at the next turn of the event loop, or when the last round's hold is over. */
  private schedule(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    const wait = this.holdUntil - performance.now();
    if (wait >= 1) setTimeout(this.runFlush, wait);
    else setImmediate(this.runFlush);
  }

  /**
   * One turn of a flush round: writes up to `chunk` of the round's sockets, each with one write, and
   * comes back at the next turn for the rest. A round writes the sockets that had frames waiting
   * when it started; a socket that gets a frame after its write waits for the next round.
   */
  private flush(): void {
    this.flushScheduled = false;
    if (!this.inRound) {
      if (this.waiting.length === 0) return;
      this.round = this.waiting;
      this.waiting = [];
      this.cursor = 0;
      this.inRound = true;
      this.roundStartedAt = performance.now();
    }
    const round = this.round;
    const turnStarted = performance.now();
    const end = Math.min(round.length, this.cursor + this.pacing.chunk);
    // a fan-out queues the same frames for socket after socket: one buffer serves them all
    const last = this.lastFrames;
    let lastWire: Buffer | null = null;
    let i = this.cursor;
    while (i < end) {
      const conn = round[i++];
      const n = conn.queued;
      if (n === 0) continue; // written early (closed)
      let wire: Buffer;
      if (n === 1) wire = conn.queue[0] as Buffer;
      else if (lastWire && sameFrames(conn.queue, n, last)) wire = lastWire;
      else {
        last.length = 0;
        for (let f = 0; f < n; f++) last.push(conn.queue[f] as Buffer);
        wire = lastWire = joinFrames(last);
      }
      this.writeOut(conn, wire);
      if ((i & 31) === 0 && performance.now() - turnStarted >= this.pacing.turnMs) break;
    }
    last.length = 0;
    this.cursor = i;
    if (i < round.length) {
      this.flushScheduled = true;
      setImmediate(this.runFlush);
      return;
    }
    this.inRound = false;
    this.round = [];
    this.holdUntil = this.roundStartedAt + Math.min(this.pacing.maxHoldMs, round.length / this.pacing.socketsPerMs);
    if (this.waiting.length > 0) this.schedule();
  }

  /**
   * Queues an answer to this socket's own call behind the frames already waiting for it, and writes
   * it at the end of this turn of the event loop, without a round's hold. The calls that came in
   * together are all answered first, then written back to back: a receiver woken by the first write
   * is still reading when the next ones land, which costs the kernel far less than a write, a wake-up
   * and a read for each call in turn.
   */
  reply(conn: Conn, frame: string): void {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    conn.queue[conn.queued++] = textFrame(frame);
    if (this.answering.length === 0) setImmediate(this.writeAnswers);
    this.answering.push(conn);
  }

  /** Writes the frames waiting for one socket now (before it is closed). */
  private flushConn(conn: Conn): void {
    const n = conn.queued;
    if (n === 0) return;
    const frames = conn.queue.slice(0, n) as Buffer[];
    this.writeOut(conn, n === 1 ? frames[0] : joinFrames(frames));
  }

  /**
   * Writes one socket's waiting frames and empties its queue. Not to a socket that is closing: a
   * frame after the close frame would break the protocol (the hub's own closes write first).
   */
  private writeOut(conn: Conn, wire: Buffer): void {
    // the queue is kept for the next round, unless a burst made it long
    const n = conn.queued;
    if (n > 64) conn.queue = [];
    else for (let i = 0; i < n; i++) conn.queue[i] = undefined;
    conn.queued = 0;
    if (conn.ws.readyState !== conn.ws.OPEN || !conn.raw?.writable) return;
    this.framesDelivered += n;
    this.socketWrites++;
    conn.raw.write(wire);
  }

  private resolve(to: Audience): Conn[] {
    if (to.all) return [...this.conns.values()].filter((c) => c.userId !== null);
    const out: Conn[] = [];
    for (const id of to.users ?? []) for (const c of this.byUser.get(id) ?? []) out.push(c);
    for (const id of to.sessions ?? []) for (const c of this.bySession.get(id) ?? []) out.push(c);
    for (const id of to.clientIds ?? []) {
      const c = this.conns.get(id);
      if (c && (to.ofUser === undefined || c.userId === to.ofUser)) out.push(c);
    }
    return out;
  }
}

/** The first `n` of `queue` are the frames of `frames`. */
function sameFrames(queue: (Buffer | undefined)[], n: number, frames: Buffer[]): boolean {
  if (frames.length !== n) return false;
  for (let i = 0; i < n; i++) if (queue[i] !== frames[i]) return false;
  return true;
}

function joinFrames(frames: Buffer[]): Buffer {
  let size = 0;
  for (const f of frames) size += f.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}

/** Adds `conn` to `key`'s list; answers the list's length. */
function addTo<K>(map: Map<K, Conn[]>, key: K, conn: Conn): number {
  const list = map.get(key);
  if (!list) {
    map.set(key, [conn]);
    return 1;
  }
  if (!list.includes(conn)) list.push(conn);
  return list.length;
}

/** Takes `conn` out of `key`'s list; true when that emptied it (the key is gone then). */
function removeFrom<K>(map: Map<K, Conn[]>, key: K, conn: Conn): boolean {
  const list = map.get(key);
  const at = list ? list.indexOf(conn) : -1;
  if (!list || at < 0) return false;
  list.splice(at, 1);
  if (list.length > 0) return false;
  map.delete(key);
  return true;
}
