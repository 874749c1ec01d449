import { ENDPOINT_NAMES, endpoints } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../testing/harness.ts';

describe('the API reference at /docs', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('/docs/json is OpenAPI 3.1 with every endpoint of the table: request, response and summary', async () => {
    const res = await s.raw('/docs/json', { method: 'GET' });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, { post: any }> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(ENDPOINT_NAMES.map((n) => endpoints[n].path).sort());
    for (const name of ENDPOINT_NAMES) {
      const op = doc.paths[endpoints[name].path]?.post;
      expect(op?.operationId, name).toBe(name);
      expect(op.summary, name).toBe(endpoints[name].summary);
      const content = op.requestBody.content;
      const request = content['application/json'] ?? content['multipart/form-data'];
      expect(request?.schema, `${name} request schema`).toBeTypeOf('object');
      const answer = op.responses['200'].content['application/json'].schema.oneOf[0];
      expect(answer.properties.data, `${name} response schema`).toBeTypeOf('object');
      expect(Object.keys(answer.properties.data).length, `${name} response schema`).toBeGreaterThan(0);
    }
    expect(doc.paths['/enterprise/im/sendMessage']?.post.requestBody.content['application/json'].schema.required).toContain('toContactId');
  });

  it('/docs is a browsable page with no inline script', async () => {
    const res = await s.raw('/docs', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<script src="/docs/docs.js"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const script = await s.raw('/docs/docs.js', { method: 'GET' });
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("fetch('/docs/json')");
  });
});
