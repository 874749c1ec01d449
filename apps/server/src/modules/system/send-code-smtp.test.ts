import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../testing/harness.ts';

/** A minimal SMTP peer that accepts one message and keeps its text. */
function fakeSmtp(): Promise<{ port: number; mails: string[]; close(): void }> {
  const mails: string[] = [];
  const server = net.createServer((sock) => {
    let inData = false;
    let buffer = '';
    sock.write('220 fake ESMTP\r\n');
    sock.on('data', (chunk) => {
      buffer += chunk.toString();
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        mails.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        inData = false;
        sock.write('250 queued\r\n');
      }
      let nl = buffer.indexOf('\r\n');
      while (!inData && nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') sock.write('250 fake\r\n');
        else if (verb === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          sock.end('221 bye\r\n');
        } else sock.write('250 ok\r\n');
        nl = buffer.indexOf('\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as net.AddressInfo).port, mails, close: () => server.close() }),
    ),
  );
}

describe('sendCode over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    s = await startServer('sqlite', { smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await s.close();
    smtp.close();
  });

  it('mails a six-digit code when SMTP_URL is configured', async () => {
    const res = await s.post('/common/pub/sendCode', { target: 'reader@example.com' });
    expect(res.body.code).toBe(0);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]).toMatch(/reader@example\.com/);
    expect(smtp.mails[0]).toMatch(/verification code is \d{6}/);
  });
});
