import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the loopback push service received. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 (an ephemeral port): records every POST and answers 201, or the
 * status set for its path with `answer` (410: the subscription is gone).
 */
export async function loopbackPushService() {
  const received: ReceivedPush[] = [];
  const statusOf = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statusOf.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    /** the endpoint URL of a subscription at `path` */
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** the pushes received at `path` so far */
    at: (path: string) => received.filter((p) => p.path === path),
    answer(path: string, status: number): void {
      statusOf.set(path, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LoopbackPushService = Awaited<ReturnType<typeof loopbackPushService>>;

const hkdf = (ikm: Buffer, salt: Buffer, info: string | Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, typeof info === 'string' ? Buffer.from(info, 'latin1') : info, length));

/**
 * A browser's side of a push subscription: a real P-256 key pair and auth secret (what
 * `PushSubscription.toJSON()` gives the server), and the decryption of what the push service
 * delivers (RFC 8291 with the aes128gcm coding of RFC 8188, one record).
 */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);

  function decrypt(body: Buffer): Buffer {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body[20];
    const serverKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    if (record.length > recordSize) throw new Error('more than one record');
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), ecdh.getPublicKey(), serverKey]);
    const ikm = hkdf(ecdh.computeSecret(serverKey), auth, keyInfo, 32);
    const decipher = createDecipheriv('aes-128-gcm', hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16), hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12));
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // padding: the last record's delimiter 0x02, then zeros
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 2) throw new Error('no last-record delimiter');
    return plain.subarray(0, end);
  }

  return {
    json: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } },
    /** the JSON a received push carries */
    read: <T = unknown>(push: ReceivedPush): T => JSON.parse(decrypt(push.body).toString('utf8')) as T,
  };
}

export type BrowserSubscription = ReturnType<typeof browserSubscription>;
