import { SOCKET_FRAMES_PER_SECOND } from '@parley/protocol';
import net from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundSocket, openSocket, startServer, type TestServer } from '../testing/harness.ts';

describe('socket limits', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { socketUnboundMs: 800, socketsPerAddress: 5 });
  });
  afterAll(() => s.close());

  it('closes a socket that never binds, even while it pings', async () => {
    const sock = await openSocket(s.wsUrl);
    const pinging = setInterval(() => sock.send({ type: 'ping' }), 100);
    const { code } = await sock.closed;
    clearInterval(pinging);
    expect(code).toBe(4003);
    expect(sock.frames.some((f) => f.type === 'pong')).toBe(true);
  });

  it('keeps a bound socket that pings past the unbound limit', async () => {
    const u = await s.user();
    const sock = await boundSocket(s.wsUrl, u.token);
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 250));
      sock.send({ type: 'ping' });
      await sock.next('pong');
    }
    expect(sock.ws.readyState).toBe(WebSocket.OPEN);
    sock.close();
  });

  it('closes a socket that sends more frames per second than allowed', async () => {
    const u = await s.user();
    const sock = await boundSocket(s.wsUrl, u.token);
    for (let i = 0; i < SOCKET_FRAMES_PER_SECOND * 3; i++) sock.send({ type: 'ping' });
    const err = await sock.next('error');
    expect(err.data).toMatchObject({ key: 'security.rateLimited' });
    expect((await sock.closed).code).toBe(1008);
    expect(sock.frames.filter((f) => f.type === 'pong').length).toBeLessThanOrEqual(SOCKET_FRAMES_PER_SECOND);
  });

  it('refuses more sockets from one address than allowed, and takes new ones when some close', async () => {
    const open = await Promise.all(Array.from({ length: 5 }, () => openSocket(s.wsUrl)));
    const refused = new WebSocket(s.wsUrl);
    const status = await new Promise<number>((resolve) => {
      refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      refused.on('open', () => resolve(101));
    });
    expect(status).toBe(429);
    const first = open[0];
    first.close();
    await first.closed;
    const again = await openSocket(s.wsUrl);
    const rest = [...open.slice(1), again];
    for (const sock of rest) sock.close();
    await Promise.all(rest.map((sock) => sock.closed));
  });

  it('counts no address slot for a handshake it refuses', async () => {
    const { port } = new URL(s.url);
    // a bad Sec-WebSocket-Key: ws answers 400 and the socket never opens
    for (let i = 0; i < 8; i++) {
      const answer = await new Promise<string>((resolve, reject) => {
        const raw = net.connect(Number(port), '127.0.0.1', () => {
          raw.write('GET /wss HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: bad\r\n\r\n');
        });
        let text = '';
        raw.on('data', (d) => {
          text += d;
        });
        raw.on('close', () => resolve(text));
        raw.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
    }
    const open = await Promise.all(Array.from({ length: 5 }, () => openSocket(s.wsUrl)));
    for (const sock of open) sock.close();
    await Promise.all(open.map((sock) => sock.closed));
  });
});
