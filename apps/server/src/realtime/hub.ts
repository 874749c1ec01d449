import { randomBytes } from 'node:crypto';
import type { PushData, PushName } from '@parley/protocol';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Audience, Bus, BusMessage } from './bus.ts';
import { textFrame } from './wire.ts';

export interface Conn {
  clientId: string;
  ws: WebSocket;
  /** the raw connection under `ws`, written to directly with pre-encoded frames */
  raw: Duplex | null;
  /** frames waiting for this turn of the event loop's flush */
  pending: Buffer[] | null;
  userId: number | null;
  sessionId: number | null;
  lastSeen: number;
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
  private readonly byUser = new Map<number, Set<Conn>>();
  private readonly bySession = new Map<number, Set<Conn>>();
  private presenceListeners: ((userId: number, online: boolean) => void)[] = [];
  /** sockets with frames waiting for the next flush */
  private readonly dirty: Conn[] = [];
  private flushScheduled = false;

  constructor(private readonly bus: Bus) {
    bus.onMessage((msg) => this.onBus(msg));
  }

  add(ws: WebSocket, raw: Duplex | null = null): Conn {
    const conn: Conn = {
      clientId: randomBytes(12).toString('hex'),
      ws,
      raw,
      pending: null,
      userId: null,
      sessionId: null,
      lastSeen: Date.now(),
    };
    this.conns.set(conn.clientId, conn);
    return conn;
  }

  remove(conn: Conn): void {
    if (!this.conns.delete(conn.clientId)) return;
    this.unbind(conn);
  }

  get size(): number {
    return this.conns.size;
  }

  /** Binds locally when the socket is here, otherwise asks the other nodes. Returns whether it was local. */
  bind(clientId: string, userId: number, sessionId: number): boolean {
    const conn = this.conns.get(clientId);
    if (conn) {
      this.bindConn(conn, userId, sessionId);
      return true;
    }
    this.bus.publish({ kind: 'bind', clientId, userId, sessionId });
    return false;
  }

  bindConn(conn: Conn, userId: number, sessionId: number): void {
    if (conn.userId === userId && conn.sessionId === sessionId) return;
    this.unbind(conn);
    conn.userId = userId;
    conn.sessionId = sessionId;
    const set = getSet(this.byUser, userId);
    set.add(conn);
    getSet(this.bySession, sessionId).add(conn);
    if (set.size === 1) this.emitPresence(userId, true);
  }

  isOnlineHere(userId: number): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  onPresence(listener: (userId: number, online: boolean) => void): void {
    this.presenceListeners.push(listener);
  }

  push<K extends PushName>(
    to: Audience,
    type: K,
    data: PushData<K>,
    opts: { exceptClientId?: string; close?: boolean } = {},
  ): void {
    this.bus.publish({ kind: 'push', to, frame: frameOf(type, data), ...opts });
  }

  pushUsers<K extends PushName>(users: number[], type: K, data: PushData<K>, exceptClientId?: string): void {
    if (users.length === 0) return;
    this.push({ users }, type, data, { exceptClientId });
  }

  /** Delivers to this node's sockets only (for work every node does itself, like config reloads). */
  pushLocal<K extends PushName>(to: Audience, type: K, data: PushData<K>): void {
    this.onBus({ kind: 'push', to, frame: frameOf(type, data) });
  }

  /** Closes idle sockets; returns how many. */
  sweep(idleMs: number, now = Date.now()): number {
    let closed = 0;
    for (const conn of this.conns.values()) {
      if (now - conn.lastSeen > idleMs) {
        conn.ws.close(4000, 'idle');
        this.remove(conn);
        closed++;
      }
    }
    return closed;
  }

  closeAll(): void {
    for (const conn of this.conns.values()) conn.ws.terminate();
    this.conns.clear();
    this.byUser.clear();
    this.bySession.clear();
  }

  private unbind(conn: Conn): void {
    if (conn.userId !== null) {
      const set = this.byUser.get(conn.userId);
      set?.delete(conn);
      if (set && set.size === 0) {
        this.byUser.delete(conn.userId);
        this.emitPresence(conn.userId, false);
      }
    }
    if (conn.sessionId !== null) {
      const set = this.bySession.get(conn.sessionId);
      set?.delete(conn);
      if (set && set.size === 0) this.bySession.delete(conn.sessionId);
    }
    conn.userId = null;
    conn.sessionId = null;
  }

  private emitPresence(userId: number, online: boolean): void {
    for (const l of this.presenceListeners) l(userId, online);
  }

  private onBus(msg: BusMessage): void {
    if (msg.kind === 'bind') {
      const conn = this.conns.get(msg.clientId);
      if (conn) this.bindConn(conn, msg.userId, msg.sessionId);
      return;
    }
    const targets = this.resolve(msg.to);
    let wire: Buffer | null = null;
    for (const conn of targets) {
      if (conn.clientId === msg.exceptClientId) continue;
      if (conn.ws.readyState === conn.ws.OPEN) {
        if (conn.raw?.writable) {
          wire ??= textFrame(msg.frame);
          this.enqueue(conn, wire);
        } else conn.ws.send(msg.frame);
      }
      if (msg.close) {
        this.flushConn(conn);
        conn.ws.close(4001, 'closed');
        this.remove(conn);
      }
    }
  }

  /**
   * Frames for one socket are gathered until the event loop comes round (setImmediate) and written
   * with one call. Under light load that is one frame per write and no added delay; when pushes
   * pile up faster than the kernel takes writes, each socket gets them in one write instead of many.
   */
  private enqueue(conn: Conn, wire: Buffer): void {
    if (conn.pending) {
      conn.pending.push(wire);
      return;
    }
    conn.pending = [wire];
    this.dirty.push(conn);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    const conns = this.dirty.splice(0);
    for (const conn of conns) this.flushConn(conn);
  }

  private flushConn(conn: Conn): void {
    const frames = conn.pending;
    conn.pending = null;
    if (!frames || !conn.raw?.writable) return;
    conn.raw.write(frames.length === 1 ? frames[0] : Buffer.concat(frames));
  }

  private resolve(to: Audience): Conn[] {
    if (to.all) return [...this.conns.values()].filter((c) => c.userId !== null);
    const out: Conn[] = [];
    for (const id of to.users ?? []) for (const c of this.byUser.get(id) ?? []) out.push(c);
    for (const id of to.sessions ?? []) for (const c of this.bySession.get(id) ?? []) out.push(c);
    for (const id of to.clientIds ?? []) {
      const c = this.conns.get(id);
      if (c) out.push(c);
    }
    return out;
  }
}

function getSet<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}
