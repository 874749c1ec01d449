import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorKey, type ErrorParams, errors, errorText, formatErrorText, SOCKET_FRAMES_PER_SECOND } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { SessionResolver } from '../http/auth.ts';
import type { AuthUser } from '../session.ts';
import type { SocketCalls } from './calls.ts';
import { type Conn, frameOf, type Hub } from './hub.ts';

/** A refused frame: the error table's code, English text and key. */
function frameError(key: ErrorKey) {
  return { code: errors[key].code, msg: errorText(key), key };
}

const MAX_FRAME_BYTES = 64 * 1024;

/** An `error` frame's data for a refusal of the protocol's error table (translated by key on the web). */
function refusal(key: ErrorKey, params?: ErrorParams) {
  const def = errors[key];
  return { code: def.code, msg: formatErrorText(def.text, params), key, ...(params ? { params } : {}) };
}

export interface SocketLimits {
  socketIdleMs: number;
  socketUnboundMs: number;
  socketsPerAddress: number;
  trustProxy: boolean;
}

/** The client's address: the first X-Forwarded-For entry behind a trusted proxy, else the peer. */
function addressOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0].trim() : '';
  return (trustProxy && first) || req.socket.remoteAddress || '';
}

/** What one socket's frames need between them: kept on its `ws`, so its listeners are shared by every socket. */
interface Client {
  conn: Conn;
  /** the client's address, as `perAddress` counts it */
  address: string;
  user: AuthUser | null;
  windowStart: number;
  framesInWindow: number;
  /**
   * The socket's sends, one after another: each starts once the one before is answered, so that
   * messages are stored in the order the socket sent them (their checks take unequal times).
   */
  sends: Promise<unknown>;
}

const CLIENT = Symbol('client');
type ClientSocket = WebSocket & { [CLIENT]: Client };
const clientOf = (ws: WebSocket) => (ws as ClientSocket)[CLIENT];

/**
 * The `/wss` endpoint: init → bindUid (token only) → ping/pong, and `call` frames once bound. Idle
 * sockets, sockets that never bind, sockets sending too many frames and sockets past the per-address
 * count are closed or refused. Idle sockets are most of a node's memory, so each holds one small
 * record and no closures of its own.
 */
export function attachSocket(
  app: FastifyInstance,
  hub: Hub,
  sessions: SessionResolver,
  calls: SocketCalls,
  limits: SocketLimits,
  /** true while shutting down: new sockets are refused (clients go to another node or retry) */
  draining: () => boolean = () => false,
): () => void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const perAddress = new Map<string, number>();

  async function bindByToken(client: Client, token: unknown): Promise<void> {
    const { conn } = client;
    const found = typeof token === 'string' && token.length <= 128 ? await sessions.resolve(token) : null;
    if (!found) {
      conn.ws.send(frameOf('error', frameError('common.sessionGone')));
      hub.closeConn(conn, 4401, 'unauthorized');
      return;
    }
    if (!hub.bindConn(conn, found.userId, found.sessionId)) {
      conn.ws.send(frameOf('error', refusal('security.socketTaken')));
      return;
    }
    client.user = found;
    conn.ws.send(frameOf('bindUid', { user_id: found.userId, client_id: conn.clientId }));
  }

  /** A frame whose handling throws is answered common.server and logged: a listener's throw would end the process. */
  function onMessage(this: WebSocket, raw: RawData): void {
    try {
      onFrame.call(this, raw);
    } catch (err) {
      app.log.error({ err }, 'a socket frame failed');
      this.send(frameOf('error', frameError('common.server')));
    }
  }

  function onFrame(this: WebSocket, raw: RawData): void {
    const client = clientOf(this);
    const { conn } = client;
    conn.lastSeen = Date.now();
    if (conn.lastSeen - client.windowStart >= 1000) {
      client.windowStart = conn.lastSeen;
      client.framesInWindow = 0;
    }
    if (++client.framesInWindow > SOCKET_FRAMES_PER_SECOND) {
      if (client.framesInWindow === SOCKET_FRAMES_PER_SECOND + 1) {
        this.send(frameOf('error', refusal('security.rateLimited', { seconds: 1 })));
        hub.closeConn(conn, 1008, 'too many frames');
      }
      return;
    }
    let frame: { type?: unknown; token?: unknown; seq?: unknown; name?: unknown; body?: unknown };
    try {
      frame = JSON.parse(raw.toString());
    } catch {
      this.send(frameOf('error', frameError('common.framesJson')));
      return;
    }
    // `null`, a number, a string or a list is JSON too, but no frame (reading `null.type` ended the process)
    if (frame === null || typeof frame !== 'object' || Array.isArray(frame)) {
      this.send(frameOf('error', frameError('common.unknownFrame')));
      return;
    }
    switch (frame.type) {
      case 'ping':
        this.send(frameOf('pong', undefined));
        break;
      case 'pong':
        break;
      case 'close':
        hub.closeConn(conn, 1000, 'bye');
        break;
      case 'bindUid':
        void bindByToken(client, frame.token);
        break;
      case 'call': {
        const answer = () => calls.answer(client.user, frame, conn.clientId).then((a) => hub.reply(conn, a));
        if (frame.name !== 'sendMessage') void answer();
        // (a failed one must not stop the sends after it)
        else client.sends = client.sends.then(answer).catch((err: unknown) => app.log.error({ err }, 'a socket send failed'));
        break;
      }
      default:
        this.send(frameOf('error', frameError('common.unknownFrame')));
    }
  }

  function onError(this: WebSocket): void {
    hub.remove(clientOf(this).conn);
  }

  /** ws emits it once, when the connection under it has closed (after an error too). */
  function onClose(this: WebSocket): void {
    const { conn, address } = clientOf(this);
    hub.remove(conn);
    const left = (perAddress.get(address) ?? 1) - 1;
    if (left > 0) perAddress.set(address, left);
    else perAddress.delete(address);
  }

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0].toLowerCase();
    if ((path !== '/wss' && path !== '/wss/') || draining()) {
      socket.destroy();
      return;
    }
    const address = addressOf(req, limits.trustProxy);
    if ((perAddress.get(address) ?? 0) >= limits.socketsPerAddress) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // a handshake ws refuses never comes back here, and counts for nothing; one it takes does so
    // before anything else runs (no callback of it waits), so the check above still holds
    wss.handleUpgrade(req, socket, head, (ws) => {
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      const conn = hub.add(ws, socket);
      (ws as ClientSocket)[CLIENT] = { conn, address, user: null, windowStart: Date.now(), framesInWindow: 0, sends: Promise.resolve() };
      ws.send(JSON.stringify({ type: 'init', client_id: conn.clientId, data: { client_id: conn.clientId } }));
      ws.on('message', onMessage);
      ws.on('close', onClose);
      ws.on('error', onError);
    });
  });

  const every = Math.max(100, Math.min(10_000, limits.socketIdleMs / 4, limits.socketUnboundMs / 4));
  const timer = setInterval(() => hub.sweep(limits.socketIdleMs, limits.socketUnboundMs), every);
  timer.unref();
  return () => {
    clearInterval(timer);
    hub.closeAll();
    wss.close();
  };
}
