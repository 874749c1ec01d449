import { LOGIN_ACCOUNT_DELAY_BASE_MS, LOGIN_ACCOUNT_FREE_FAILURES, LOGIN_FAILURE_LIMIT, SECRET_ATTEMPTS_LIMIT } from '@parley/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backends, startServer, type TestServer } from '../../testing/harness.ts';
import { attemptLedger } from './attempts.ts';

/** Counts password checks (argon2 verify calls) made by the server running in this process. */
const checks = vi.hoisted(() => ({ n: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      checks.n++;
      return real.verify(...args);
    },
  };
});

describe.each(backends)('sign-in limits that parallel requests cannot beat (%s)', (backend) => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });
  const from = (ip: string, cid = '') => ({ 'x-forwarded-for': ip, ...(cid ? { cid } : {}) });

  it('100 parallel wrong logins check at most the limit', async () => {
    s = await startServer(backend, { trustProxy: true });
    const u = await s.user();
    const server = s;
    checks.n = 0;
    const started = Date.now();
    // from 100 addresses, so that only the per-account rule stands in the way
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        server.post('/common/pub/login', { account: u.account, password: `wrong${i}xx` }, undefined, from(`10.0.${i}.1`)),
      ),
    );
    const checked = answers.filter((a) => a.body.code === 400).length;
    expect(checked).toBeGreaterThan(0);
    // the free failures, then one more per doubling delay that fully passed while the burst lasted
    const elapsed = Date.now() - started;
    const delaysPassed = Math.floor(Math.log2(elapsed / LOGIN_ACCOUNT_DELAY_BASE_MS + 1));
    expect(checked).toBeLessThanOrEqual(LOGIN_ACCOUNT_FREE_FAILURES + delaysPassed);
    expect(checks.n).toBe(checked);
    expect(answers.every((a) => a.body.code === 400 || a.body.code === 403)).toBe(true);
  });

  it('a burst of parallel claims on one key is counted in order: exactly the limit get their check', async () => {
    s = await startServer(backend);
    const ledger = attemptLedger(s.built.ctx.db, s.built.ctx.dialect);
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => ledger.limited('burst:key', SECRET_ATTEMPTS_LIMIT)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(SECRET_ATTEMPTS_LIMIT);
  });

  it('60 parallel editPassword calls check at most the limit, then the right one is refused too', async () => {
    s = await startServer(backend);
    const u = await s.user();
    const server = s;
    const body = (old: string) => ({ oldPassword: old, password: 'Kp9$wq2z', repassword: 'Kp9$wq2z' });
    checks.n = 0;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => server.post('/enterprise/im/editPassword', body(`nope${i}xx`), u.token)),
    );
    const checked = answers.filter((a) => a.body.code === 400).length;
    expect(checked).toBeLessThanOrEqual(SECRET_ATTEMPTS_LIMIT);
    expect(checks.n).toBe(checked);
    const right = await s.post('/enterprise/im/editPassword', body(u.password), u.token);
    expect(right.body).toMatchObject({ code: 403, key: 'security.tooManyAttempts' });
  });

  it('the owner signs in from a known device while the account is under attack; others wait a growing delay', async () => {
    s = await startServer(backend, { trustProxy: true });
    const u = await s.user();
    const known = await s.post('/common/pub/login', { account: u.account, password: u.password }, undefined, from('10.1.0.1', 'owner-phone'));
    expect(known.body.code).toBe(0);
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES; i++) {
      const wrong = await s.post('/common/pub/login', { account: u.account, password: 'badpass1' }, undefined, from(`10.2.0.${i}`));
      expect(wrong.body.code).toBe(400);
    }
    const attacker = await s.post('/common/pub/login', { account: u.account, password: 'badpass2' }, undefined, from('10.3.0.1'));
    expect(attacker.body).toMatchObject({ code: 403, key: 'security.signInDelay' });
    expect(attacker.body.msg).toMatch(/Try again in \d+ seconds/);
    const newDevice = await s.post('/common/pub/login', { account: u.account, password: u.password }, undefined, from('10.4.0.1', 'thief'));
    expect(newDevice.body).toMatchObject({ code: 403, key: 'security.signInDelay' });
    const owner = await s.post('/common/pub/login', { account: u.account, password: u.password }, undefined, from('10.5.0.1', 'owner-phone'));
    expect(owner.body.code).toBe(0);
  });

  it('keeps the per-address limit across accounts, and says when to retry', async () => {
    s = await startServer(backend, { trustProxy: true });
    const v = await s.user();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const wrong = await s.post('/common/pub/login', { account: `ghost_${i}`, password: 'badpass1' }, undefined, from('10.9.9.9'));
      expect(wrong.body.code).toBe(400);
    }
    const locked = await s.post('/common/pub/login', { account: v.account, password: v.password }, undefined, from('10.9.9.9'));
    expect(locked.body).toMatchObject({ code: 403, key: 'security.tooManyAttempts' });
    expect(locked.body.msg).toMatch(/Try again in \d+ minutes/);
    const elsewhere = await s.post('/common/pub/login', { account: v.account, password: v.password }, undefined, from('10.9.9.10'));
    expect(elsewhere.body.code).toBe(0);
  });

  it('an unknown account is refused like a wrong password, after the same password check', async () => {
    s = await startServer(backend);
    const u = await s.user();
    checks.n = 0;
    const known = await s.post('/common/pub/login', { account: u.account, password: 'wrongpass' });
    const unknown = await s.post('/common/pub/login', { account: 'nobody_at_all', password: 'wrongpass' });
    expect(unknown.body).toEqual(known.body);
    // the same argon2id work for both, so the answer time does not tell whether the account exists
    expect(checks.n).toBe(2);
  });
});
