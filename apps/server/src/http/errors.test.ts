import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { installErrorHandling } from './errors.ts';

it('a client that left mid-answer (a premature close) is no server error in the log; a real failure still is', async () => {
  const log = new PassThrough();
  const lines: { level: number; msg: string }[] = [];
  log.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  const app = Fastify({ logger: { level: 'info', stream: log } });
  installErrorHandling(app);
  app.post('/left', async () => {
    throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
  app.post('/broken', async () => {
    throw new Error('a real bug');
  });
  await app.inject({ method: 'POST', url: '/left' });
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  expect(lines.some((l) => l.msg === 'the client left before its answer was written')).toBe(true);
  await app.inject({ method: 'POST', url: '/broken' });
  expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual(['unhandled error']);
  await app.close();
});
