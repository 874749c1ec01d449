import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startServer } from '../testing/harness.ts';
import { lazyDefaultCompilers } from './defaultCompilers.ts';

/** Whether node has loaded any file of the package (Fastify requires its compilers with CommonJS). */
const loaded = (pkg: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/node_modules/${pkg}/`));

describe("Fastify's own schema compilers", () => {
  it('are not loaded by a server that starts and serves its zod-validated routes', async () => {
    const server = await startServer();
    try {
      const { token } = await server.user();
      expect((await server.post('/common/pub/bindUid', { client_id: 5 }, token)).body.key).toBe('common.invalid');
      expect(loaded('@fastify/ajv-compiler')).toBe(false);
      expect(loaded('@fastify/fast-json-stringify-compiler')).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('load on the first route with a JSON Schema, and validate and serialize as Fastify does', async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazyDefaultCompilers() } });
    const n = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } };
    app.post('/', { schema: { body: n, response: { 200: n } } }, (req) => req.body);
    try {
      expect((await app.inject({ method: 'POST', url: '/', payload: { n: 'x' } })).statusCode).toBe(400);
      // fast-json-stringify leaves out what the answer schema does not name
      expect((await app.inject({ method: 'POST', url: '/', payload: { n: 2, extra: 1 } })).json()).toEqual({ n: 2 });
      expect(loaded('@fastify/ajv-compiler')).toBe(true);
      expect(loaded('@fastify/fast-json-stringify-compiler')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
