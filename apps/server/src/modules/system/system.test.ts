import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin.ts';
import { backends, boundSocket, startServer, type TestServer } from '../../testing/harness.ts';
import { parseConfigValue } from './service.ts';


describe('config values', () => {
  it('parses booleans and refuses unknown keys', () => {
    expect(parseConfigValue('multipleLogin', 'true')).toEqual({ key: 'multipleLogin', value: true });
    expect(parseConfigValue('disableCalls', '0')).toEqual({ key: 'disableCalls', value: false });
    expect(() => parseConfigValue('multipleLogin', 'maybe')).toThrow(/true or false/);
    expect(() => parseConfigValue('nope', 'true')).toThrow(/Unknown config key/);
  });
});

describe.each(backends)('system endpoints (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(() => s.close());

  it('getSystemInfo answers the defaults and the app version', async () => {
    const res = await s.post('/common/pub/getSystemInfo');
    expect(res.body.data).toMatchObject({
      sysInfo: { multipleLogin: false, disablePrivateChat: false, disableCalls: false, registrationOpen: true },
      version: '5.5.1',
      versionCode: 20250606,
    });
  });

  it('checkVersion says whether there is a newer version', async () => {
    expect((await s.post('/common/pub/checkVersion', { versionCode: 20250606 })).body.data.hasUpdate).toBe(false);
    expect((await s.post('/common/pub/checkVersion', { versionCode: 20240101 })).body.data.hasUpdate).toBe(true);
  });

  it('sendCode issues a code and refuses a second one within a minute', async () => {
    const first = await s.post('/common/pub/sendCode', { target: 'someone@example.com' });
    expect(first.body).toMatchObject({ code: 0, data: { expires_in: 600 } });
    const second = await s.post('/common/pub/sendCode', { target: 'someone@example.com' });
    expect(second.body).toMatchObject({ code: 400, key: 'system.codeTooSoon', data: null });
    expect((await s.post('/common/pub/sendCode', { target: 5 })).body.code).toBe(400);
  });

  it('the admin command changes the config and every socket hears updateConfig', async () => {
    const u = await s.user();
    const sock = await boundSocket(s.wsUrl, u.token);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: s.built.ctx.config.dataDir,
      DATABASE_URL: s.built.ctx.config.databaseUrl ?? '',
      DATABASE_SCHEMA: s.built.ctx.config.databaseSchema,
      LOG_LEVEL: 'silent',
    };
    if (!env.DATABASE_SCHEMA) delete env.DATABASE_SCHEMA;
    // The CLI's own command runner, in-process: no child Node start-up to wait for on a busy machine.
    const admin = async (...args: string[]) => {
      const lines: string[] = [];
      await runAdmin(args, env, (line) => lines.push(line));
      return lines.join('\n');
    };
    const stdout = await admin('config', 'set', 'disableCalls', 'true');
    expect(JSON.parse(stdout.slice(0, stdout.lastIndexOf('}') + 1)).disableCalls).toBe(true);
    const push = await sock.next('updateConfig', 15_000);
    expect(push.data.sysInfo.disableCalls).toBe(true);
    expect((await s.post('/common/pub/getSystemInfo')).body.data.sysInfo.disableCalls).toBe(true);
    await expect(admin('config', 'set', 'bogus', '1')).rejects.toThrow(/Unknown config key/);
    await expect(admin('config', 'frobnicate')).rejects.toThrow(/Usage/);

    expect(await admin('notice', 'Maintenance tonight at 22:00')).toMatch(/Posted notice \d+ to everyone/);
    const notices = await s.post('/enterprise/im/getAdminNotice', {}, u.token);
    expect(notices.body.data.map((m: { content: string }) => m.content)).toContain('Maintenance tonight at 22:00');
    sock.close();
    // three child processes: on a busy machine each may take several seconds to start
  }, 90_000);
});
