import {
  type ClientFrame,
  type Envelope,
  type Push,
  type PushTypeName,
  SOCKET_HEARTBEAT_MS,
  SOCKET_GIVEN_UP_RETRY_MS,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_RESTART_CLOSE_CODE,
  SOCKET_FRAMES_PER_SECOND,
  SOCKET_RESTART_RECONNECT_MAX_MS,
  type SocketCallName,
} from '@parley/protocol';
import { createEmitter } from './emitter.ts';

/**
 * idle: not connected (logged out or stopped) · connecting: opening or waiting to reconnect ·
 * open: connected, not yet bound · bound: the server knows the user · error: gave up reconnecting.
 */
export type SocketState = 'idle' | 'connecting' | 'open' | 'bound' | 'error';

/** The part of the browser WebSocket the client uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const OPEN = 1;

export interface SocketOptions {
  url(): string;
  /** The auth token sent in the bindUid frame. */
  token(): string;
  create?(url: string): WebSocketLike;
  /** Called with the id of the server's `init` frame, before binding. */
  onClientId?(clientId: string): void;
  heartbeatMs?: number;
  reconnectDelayMs?: number;
  maxAttempts?: number;
}

type PushEvents = { [K in PushTypeName]: Push } & { '*': Push };

/**
 * Calls a socket sends per second at most, well under the server's frame limit (which closes a
 * socket past it) so that pings and binds always fit: a burst beyond it (an outbox of many messages
 * sent again after a reconnect) goes over HTTP instead.
 */
export const CALLS_PER_SECOND = Math.floor(SOCKET_FRAMES_PER_SECOND / 2);

/** A call over the socket that got no answer: the socket closed first, or the time ran out. */
export class SocketCallLost extends Error {
  constructor(readonly reason: 'network' | 'timeout') {
    super(`socket call lost: ${reason}`);
    this.name = 'SocketCallLost';
  }
}

interface PendingCall {
  resolve(envelope: Envelope<unknown>): void;
  reject(error: SocketCallLost): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The socket client (spec §4 "Socket", design "Realtime"): on `init` it stores the client id and
 * binds with the token; it pings every 20 s, reconnects every 5 s up to 5 times, then reports the
 * error state until `retry()`, or until a new round starts by itself a minute later.
 */
export class RealtimeSocket {
  private ws: WebSocketLike | null = null;
  private state: SocketState = 'idle';
  private attempts = 0;
  private lastFrameAt = 0;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly pushes = createEmitter<PushEvents>();
  private readonly states = createEmitter<{ change: SocketState }>();
  private readonly heartbeatMs: number;
  private readonly reconnectDelayMs: number;
  private readonly maxAttempts: number;
  private seq = 0;
  private readonly calls = new Map<number, PendingCall>();
  /** call frames sent in the current second (`callWindowStart`): past CALLS_PER_SECOND they go over HTTP */
  private callsInWindow = 0;
  private callWindowStart = 0;

  constructor(private readonly options: SocketOptions) {
    this.heartbeatMs = options.heartbeatMs ?? SOCKET_HEARTBEAT_MS;
    this.reconnectDelayMs = options.reconnectDelayMs ?? SOCKET_RECONNECT_DELAY_MS;
    this.maxAttempts = options.maxAttempts ?? SOCKET_RECONNECT_ATTEMPTS;
  }

  getState(): SocketState {
    return this.state;
  }

  onState(listener: (state: SocketState) => void): () => void {
    return this.states.on('change', listener);
  }

  /** Subscribes to pushes of one type (`'*'` for all); returns the unsubscribe function. */
  onPush<T = unknown>(type: PushTypeName | '*', handler: (data: T, push: Push<T>) => void): () => void {
    return this.pushes.on(type, (push) => handler(push.data as T, push as Push<T>));
  }

  /** Starts connecting unless already connected or connecting. */
  connect(): void {
    if (this.ws || this.reconnectTimer) return;
    this.attempts = 0;
    this.open();
  }

  /** Starts over after the error state (tap-to-retry). */
  retry(): void {
    this.teardown();
    this.attempts = 0;
    this.open();
  }

  /** Closes on purpose: no reconnect. */
  disconnect(): void {
    this.teardown();
    this.setState('idle');
  }

  send(frame: ClientFrame): boolean {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /**
   * Calls a socket-callable endpoint on the bound socket (a `call` frame, answered by an `answer`
   * frame with the envelope HTTP would answer); null when the socket is not bound, to call over HTTP.
   */
  call(name: SocketCallName, body: object, timeoutMs: number): Promise<Envelope<unknown>> | null {
    if (this.state !== 'bound') return null;
    const now = Date.now();
    if (now - this.callWindowStart >= 1000) {
      this.callWindowStart = now;
      this.callsInWindow = 0;
    }
    if (this.callsInWindow >= CALLS_PER_SECOND) return null;
    this.callsInWindow += 1;
    const seq = ++this.seq;
    if (!this.send({ type: 'call', seq, name, body })) return null;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.calls.delete(seq);
        reject(new SocketCallLost('timeout'));
      }, timeoutMs);
      this.calls.set(seq, { resolve, reject, timer });
    });
  }

  private open(): void {
    this.setState('connecting');
    let ws: WebSocketLike;
    try {
      ws = (this.options.create ?? ((url) => new WebSocket(url) as WebSocketLike))(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.lastFrameAt = Date.now();
      this.setState('open');
      this.startHeartbeat();
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onerror = () => undefined;
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.detach();
      if ((event as { code?: number } | undefined)?.code === SOCKET_RESTART_CLOSE_CODE) {
        // The server is restarting (or handing its clients to another node): come back soon.
        this.attempts = 0;
        this.scheduleReconnect(Math.random() * SOCKET_RESTART_RECONNECT_MAX_MS);
      } else this.scheduleReconnect();
    };
  }

  private receive(raw: unknown): void {
    this.lastFrameAt = Date.now();
    let push: Push;
    try {
      push = JSON.parse(String(raw)) as Push;
    } catch {
      return;
    }
    if (!push || typeof push.type !== 'string') return;
    if (push.type === 'init') {
      const clientId = push.client_id ?? (push.data as { client_id?: string } | undefined)?.client_id;
      if (clientId) this.options.onClientId?.(clientId);
      this.send({ type: 'bindUid', token: this.options.token() });
    } else if (push.type === 'bindUid') {
      this.attempts = 0;
      this.setState('bound');
    } else if (push.type === 'answer') {
      const { seq, ...envelope } = push.data as Envelope<unknown> & { seq: number };
      const pending = this.calls.get(seq);
      if (!pending) return;
      this.calls.delete(seq);
      clearTimeout(pending.timer);
      pending.resolve(envelope);
      return;
    }
    this.pushes.emit(push.type, push);
    this.pushes.emit('*', push);
  }

  private startHeartbeat(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => {
      // Nothing heard for well over two beats: the link is dead even if the browser has not noticed.
      if (Date.now() - this.lastFrameAt > this.heartbeatMs * 2.5) {
        this.teardown();
        this.scheduleReconnect();
        return;
      }
      this.send({ type: 'ping' });
    }, this.heartbeatMs);
  }

  private scheduleReconnect(delayMs = this.reconnectDelayMs): void {
    if (this.attempts >= this.maxAttempts) {
      this.setState('error');
      this.reconnectTimer = setTimeout(() => this.retry(), SOCKET_GIVEN_UP_RETRY_MS);
      return;
    }
    this.attempts += 1;
    this.setState('connecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.open();
    }, delayMs);
  }

  /** Forgets the current socket without closing it; calls waiting for an answer on it are lost. */
  private detach(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    for (const pending of this.calls.values()) {
      clearTimeout(pending.timer);
      pending.reject(new SocketCallLost('network'));
    }
    this.calls.clear();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = null;
      ws.onmessage = null;
      ws.onclose = null;
      ws.onerror = null;
    }
  }

  private teardown(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const ws = this.ws;
    this.detach();
    if (ws && ws.readyState <= OPEN) ws.close(1000, 'bye');
  }

  private setState(next: SocketState): void {
    if (next === this.state) return;
    this.state = next;
    this.states.emit('change', next);
  }
}
