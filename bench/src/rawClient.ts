/**
 * A lean WebSocket client for the load generator: a plain TCP socket, the HTTP upgrade by hand and
 * a frame parser that hands over payloads as buffers. One process must receive 50,000+ frames a
 * second here, and a full client library spends more on its stream machinery than on the bytes.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

export interface RawWs {
  send(text: string): void;
  close(): void;
  closed: boolean;
}

/** A client frame must be masked; a zero mask key leaves the payload as it is (RFC 6455 §5.3). */
function clientFrame(text: string): Buffer {
  const data = Buffer.from(text);
  const len = data.length;
  const head = len < 126 ? 2 : 4;
  const frame = Buffer.alloc(head + 4 + len);
  frame[0] = 0x81;
  if (len < 126) frame[1] = 0x80 | len;
  else {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(len, 2);
  }
  data.copy(frame, head + 4);
  return frame;
}

export function connectRaw(url: string, onText: (payload: Buffer, ws: RawWs) => void, onClose: () => void): Promise<RawWs> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: hostname, port: Number(port), noDelay: true });
    let buf: Buffer = Buffer.alloc(0);
    let upgraded = false;
    const ws: RawWs = {
      closed: false,
      send: (text) => sock.write(clientFrame(text)),
      close: () => sock.destroy(),
    };
    sock.on('connect', () => {
      sock.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    sock.on('error', (err) => (upgraded ? undefined : reject(err)));
    sock.on('close', () => {
      ws.closed = true;
      onClose();
    });
    sock.on('data', (chunk: Buffer) => {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!buf.subarray(0, 12).toString().includes('101')) return reject(new Error('upgrade refused'));
        upgraded = true;
        buf = buf.subarray(end + 4);
        resolve(ws);
      }
      let off = 0;
      while (buf.length - off >= 2) {
        const opcode = buf[off] & 0x0f;
        let len = buf[off + 1] & 0x7f;
        let head = 2;
        if (len === 126) {
          if (buf.length - off < 4) break;
          len = buf.readUInt16BE(off + 2);
          head = 4;
        } else if (len === 127) {
          if (buf.length - off < 10) break;
          len = Number(buf.readBigUInt64BE(off + 2));
          head = 10;
        }
        if (buf.length - off < head + len) break;
        const payload = buf.subarray(off + head, off + head + len);
        off += head + len;
        if (opcode === 1) onText(payload, ws);
        else if (opcode === 8) sock.destroy();
      }
      buf = off === buf.length ? Buffer.alloc(0) : buf.subarray(off);
    });
  });
}
