import { randomBytes } from 'node:crypto';
import type { PushData, PushName } from '@parley/protocol';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Audience, Bus, BusMessage } from './bus.ts';
import { type Presence, soloPresence } from './presence.ts';
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
  openedAt: number;
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
  private disconnectListeners: ((clientId: string, userId: number) => void)[] = [];
  /** sockets with frames waiting for the next flush */
  private readonly dirty: Conn[] = [];
  private flushScheduled = false;
  /** frames written to sockets so far (for the pushes-per-second figure) */
  framesDelivered = 0;

  constructor(
    private readonly bus: Bus,
    private readonly presence: Presence = soloPresence(),
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
      pending: null,
      userId: null,
      sessionId: null,
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
    conn.userId = userId;
    conn.sessionId = sessionId;
    const set = getSet(this.byUser, userId);
    set.add(conn);
    getSet(this.bySession, sessionId).add(conn);
    if (set.size === 1) this.setPresence(userId, true);
    return true;
  }

  /** Closes every socket of these sessions on every node, without a frame (the session was ended on purpose). */
  closeSessions(sessions: number[]): void {
    if (sessions.length > 0) this.bus.publish({ kind: 'close', to: { sessions } });
  }

  isOnlineHere(userId: number): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  /** Online on any node (with Redis), or here. */
  isOnline(userId: number): boolean {
    return this.isOnlineHere(userId) || this.presence.elsewhere(userId);
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

  /** Closes idle sockets, and sockets still unbound after `unboundMs` however much they ping; returns how many. */
  sweep(idleMs: number, unboundMs = Number.POSITIVE_INFINITY, now = Date.now()): number {
    let closed = 0;
    for (const conn of this.conns.values()) {
      const idle = now - conn.lastSeen > idleMs;
      const unbound = conn.userId === null && now - conn.openedAt > unboundMs;
      if (idle || unbound) {
        conn.ws.close(idle ? 4000 : 4003, idle ? 'idle' : 'unbound');
        this.remove(conn);
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
        this.setPresence(conn.userId, false);
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
    if (msg.kind === 'groupMembers' || msg.kind === 'sessionsEnded') return;
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
      for (const conn of this.resolve(msg.to)) {
        this.flushConn(conn);
        conn.ws.close(4001, 'closed');
        this.remove(conn);
      }
      return;
    }
    const targets = this.resolve(msg.to);
    let wire: Buffer | null = null;
    for (const conn of targets) {
      if (conn.clientId === msg.exceptClientId) continue;
      if (conn.ws.readyState === conn.ws.OPEN) {
        this.framesDelivered++;
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
      if (c && (to.ofUser === undefined || c.userId === to.ofUser)) out.push(c);
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
