import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { SessionResolver } from '../http/auth.ts';
import { frameOf, type Hub } from './hub.ts';

const MAX_FRAME_BYTES = 64 * 1024;

/** The `/wss` endpoint: init → bindUid (token only) → ping/pong; idle sockets are closed. */
export function attachSocket(app: FastifyInstance, hub: Hub, sessions: SessionResolver, idleMs: number): () => void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0].toLowerCase();
    if (path !== '/wss' && path !== '/wss/') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = hub.add(ws, socket);
      ws.send(JSON.stringify({ type: 'init', client_id: conn.clientId, data: { client_id: conn.clientId } }));
      ws.on('message', (raw) => {
        conn.lastSeen = Date.now();
        let frame: { type?: unknown; token?: unknown };
        try {
          frame = JSON.parse(raw.toString());
        } catch {
          ws.send(frameOf('error', { code: 400, msg: 'Frames must be JSON.' }));
          return;
        }
        switch (frame.type) {
          case 'ping':
            ws.send(frameOf('pong', undefined));
            break;
          case 'pong':
            break;
          case 'close':
            ws.close(1000, 'bye');
            break;
          case 'bindUid':
            void bindByToken(frame.token);
            break;
          default:
            ws.send(frameOf('error', { code: 400, msg: 'Unknown frame type.' }));
        }
      });
      ws.on('close', () => hub.remove(conn));
      ws.on('error', () => hub.remove(conn));

      async function bindByToken(token: unknown): Promise<void> {
        const user = typeof token === 'string' && token.length <= 128 ? await sessions.resolve(token) : null;
        if (!user) {
          ws.send(frameOf('error', { code: -1, msg: 'Your session has ended. Please log in again.' }));
          ws.close(4401, 'unauthorized');
          hub.remove(conn);
          return;
        }
        hub.bindConn(conn, user.userId, user.sessionId);
        ws.send(frameOf('bindUid', { user_id: user.userId, client_id: conn.clientId }));
      }
    });
  });

  const timer = setInterval(() => hub.sweep(idleMs), Math.max(250, Math.min(10_000, idleMs / 4)));
  timer.unref();
  return () => {
    clearInterval(timer);
    hub.closeAll();
    wss.close();
  };
}
