import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointCases } from '../testing/endpointCases.ts';
import { fireFuzz, fuzzCases } from '../testing/fuzz.ts';
import { backends, startServer, type TestServer } from '../testing/harness.ts';

/**
 * Fuzzing every endpoint of the table (issue 9): ~300 generated bodies, well-formed and hostile,
 * signed in. Not one answer may be a 500 (HTTP or envelope code), and the server still answers.
 * `npm run bench` runs the same generator with 10,000+ bodies.
 */
describe.each(backends)('fuzzed bodies on every endpoint (%s)', (backend) => {
  let s: TestServer;
  let token = '';

  beforeAll(async () => {
    s = await startServer(backend);
    token = (await s.user('Fuzzer')).token;
  });
  afterAll(() => s.close());

  it('answers ~300 generated bodies without a single 500, and keeps answering', async () => {
    const endpoints = endpointCases();
    expect(endpoints.length).toBeGreaterThanOrEqual(3);
    const cases = fuzzCases(Math.ceil(300 / endpoints.length));
    expect(cases.length).toBeGreaterThanOrEqual(300);
    const outcome = await fireFuzz(s.url, cases, {
      token: () => token,
      renew: async () => {
        token = (await s.user('Fuzzer')).token;
      },
    });
    expect(outcome.total).toBe(cases.length);
    expect(outcome.failures).toEqual([]);
    // refusals were the rule, and the server still works afterwards
    expect(Object.keys(outcome.byStatus).length).toBeGreaterThan(0);
    const alive = await s.post('/common/pub/getSystemInfo', {});
    expect(alive.body.code).toBe(0);
    const me = await s.user('After');
    expect((await s.post('/enterprise/im/getContacts', {}, me.token)).body.code).toBe(0);
  }, 120_000);

  it('turns every body schema of the table into generated bodies', () => {
    const sample = fuzzCases(2);
    for (const endpoint of endpointCases()) {
      expect(sample.filter((c) => c.endpoint.path === endpoint.path).length, endpoint.path).toBe(2);
    }
  });
});
