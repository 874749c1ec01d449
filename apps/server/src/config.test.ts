import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.logLevel).toBe('info');
  });

  it('refuses bad values with a message naming each one', () => {
    const bad = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const msg = (err as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'LOG_LEVEL']) expect(msg).toContain(key);
    }
  });

  it('takes the translation and transcription engines, off by default, and refuses bad values', () => {
    const off = loadConfig({});
    expect(off.translateUrl).toBeUndefined();
    expect(off.transcribeUrl).toBeUndefined();
    expect(off.transcribeModel).toBe('whisper-1');
    expect(off.engineTimeoutMs).toBe(10_000);
    const on = loadConfig({
      TRANSLATE_URL: 'http://127.0.0.1:5000',
      TRANSLATE_API_KEY: 'k1',
      TRANSCRIBE_URL: 'http://127.0.0.1:8081',
      TRANSCRIBE_MODEL: 'base.en',
      ENGINE_TIMEOUT_MS: '2000',
    });
    expect(on).toMatchObject({
      translateUrl: 'http://127.0.0.1:5000',
      translateApiKey: 'k1',
      transcribeUrl: 'http://127.0.0.1:8081',
      transcribeModel: 'base.en',
      engineTimeoutMs: 2000,
    });
    expect(() => loadConfig({ TRANSLATE_URL: 'ftp://x' })).toThrow(/TRANSLATE_URL/);
    expect(() => loadConfig({ TRANSCRIBE_URL: 'not a url' })).toThrow(/TRANSCRIBE_URL/);
    expect(() => loadConfig({ ENGINE_TIMEOUT_MS: '60000' })).toThrow(/ENGINE_TIMEOUT_MS/);
  });

  it('takes PostgreSQL and Redis when given', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://127.0.0.1:6379', PORT: '9000' });
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(c.port).toBe(9000);
  });

  it('the start command exits with the message on a bad value', async () => {
    const { execFile } = await import('node:child_process');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../../..');
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile('node', ['--import', 'tsx', 'apps/server/src/main.ts', 'start'], { cwd: root, env: { ...process.env, PORT: '-5' } }, (err, _o, stderr) =>
        resolve({ code: err ? (err as { code?: number }).code ?? 1 : 0, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });
  it('reads ICE_SERVERS as JSON and the call timers, refusing anything else', () => {
    const c = loadConfig({
      ICE_SERVERS: '[{"urls":"stun:stun.example.com:3478"},{"urls":["turn:t.example.com:3478"],"username":"u","credential":"p"}]',
      CALL_RING_SECONDS: '30',
    });
    expect(c.iceServers).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: ['turn:t.example.com:3478'], username: 'u', credential: 'p' },
    ]);
    expect(c.callRingMs).toBe(30_000);
    expect(loadConfig({}).iceServers).toEqual([]);
    expect(loadConfig({}).callRingMs).toBe(60_000);
    for (const bad of ['not json', '{"urls":"stun:x"}', '[{"username":"u"}]']) {
      expect(() => loadConfig({ ICE_SERVERS: bad }), bad).toThrow(/ICE_SERVERS/);
    }
  });
});
