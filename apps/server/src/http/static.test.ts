import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installCompression, serveStatic } from './static.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const assetsDir = path.resolve(import.meta.dirname, '../../assets');

/** A built web app in a temp folder: index.html and one hashed script with its build-time copies. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Parley</title>');
  const script = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  return dir;
}

async function appWith(dist: string): Promise<FastifyInstance> {
  const app = Fastify();
  await installCompression(app);
  app.get('/big.json', async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'hello' })) }));
  app.get('/small.json', async () => ({ ok: true }));
  await serveStatic(app, dist, assetsDir);
  await app.ready();
  return app;
}

describe('serving the web app', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = fakeDist();
    app = await appWith(dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli or gzip copy made at build time by Accept-Encoding, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('index.html is revalidated every time; unknown files and escapes are 404', async () => {
    const index = await app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('<title>Parley</title>');
    expect((await app.inject({ url: '/assets/nope.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/../package.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/%2e%2e/%2e%2e/package.json' })).statusCode).toBe(404);
  });

  it('the notification sound is served, not as an immutable asset', async () => {
    const sound = await app.inject({ url: '/static/voice/notify.mp3' });
    expect(sound.statusCode).toBe(200);
    expect(sound.headers['content-type']).toBe('audio/mpeg');
    expect(sound.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers over 1 KB, not small ones', async () => {
    const big = await app.inject({ url: '/big.json', headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).items).toHaveLength(200);
    const small = await app.inject({ url: '/small.json', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('without a build, the address says how to build it', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-nodist-'));
    const bare = await appWith(empty);
    const res = await bare.inject({ url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect((await bare.inject({ url: '/static/voice/notify.mp3' })).statusCode).toBe(200);
    await bare.close();
    fs.rmSync(empty, { recursive: true, force: true });
  });
});
