import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorKey, type ErrorParams, errors, errorText, formatErrorText, SOCKET_FRAMES_PER_SECOND } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { SessionResolver } from '../http/auth.ts';
import type { AuthUser } from '../session.ts';
import type { SocketCalls } from './calls.ts';
import { frameOf, type Hub } from './hub.ts';

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

/**
 * The `/wss` endpoint: init → bindUid (token only) → ping/pong, and `call` frames once bound. Idle
 * sockets, sockets that never bind, sockets sending too many frames and sockets past the per-address
 * count are closed or refused.
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

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0].toLowerCase();
    if ((path !== '/wss' && path !== '/wss/') || draining()) {
      socket.destroy();
      return;
    }
    const address = addressOf(req, limits.trustProxy);
    const count = perAddress.get(address) ?? 0;
    if (count >= limits.socketsPerAddress) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    perAddress.set(address, count + 1);
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    };
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = hub.add(ws, socket);
      let user: AuthUser | null = null;
      ws.send(JSON.stringify({ type: 'init', client_id: conn.clientId, data: { client_id: conn.clientId } }));
      let windowStart = Date.now();
      let framesInWindow = 0;
      ws.on('message', (raw) => {
        conn.lastSeen = Date.now();
        if (conn.lastSeen - windowStart >= 1000) {
          windowStart = conn.lastSeen;
          framesInWindow = 0;
        }
        if (++framesInWindow > SOCKET_FRAMES_PER_SECOND) {
          if (framesInWindow === SOCKET_FRAMES_PER_SECOND + 1) {
            ws.send(frameOf('error', refusal('security.rateLimited', { seconds: 1 })));
            hub.closeConn(conn, 1008, 'too many frames');
          }
          return;
        }
        let frame: { type?: unknown; token?: unknown; seq?: unknown; name?: unknown; body?: unknown };
        try {
          frame = JSON.parse(raw.toString());
        } catch {
          ws.send(frameOf('error', frameError('common.framesJson')));
          return;
        }
        switch (frame.type) {
          case 'ping':
            ws.send(frameOf('pong', undefined));
            break;
          case 'pong':
            break;
          case 'close':
            hub.closeConn(conn, 1000, 'bye');
            break;
          case 'bindUid':
            void bindByToken(frame.token);
            break;
          case 'call':
            void calls.answer(user, frame, conn.clientId).then((answer) => hub.reply(conn, answer));
            break;
          default:
            ws.send(frameOf('error', frameError('common.unknownFrame')));
        }
      });
      ws.on('close', () => hub.remove(conn));
      ws.on('error', () => hub.remove(conn));

      async function bindByToken(token: unknown): Promise<void> {
        const found = typeof token === 'string' && token.length <= 128 ? await sessions.resolve(token) : null;
        if (!found) {
          ws.send(frameOf('error', frameError('common.sessionGone')));
          hub.closeConn(conn, 4401, 'unauthorized');
          return;
        }
        if (!hub.bindConn(conn, found.userId, found.sessionId)) {
          ws.send(frameOf('error', refusal('security.socketTaken')));
          return;
        }
        user = found;
        ws.send(frameOf('bindUid', { user_id: found.userId, client_id: conn.clientId }));
      }
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
