import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SERVER_ROOT } from '../serverRoot.ts';
import { openApiDocument } from './openapi.ts';

const PAGE_DIR = path.join(SERVER_ROOT, 'assets/docs');

/**
 * The API reference: the OpenAPI 3.1 document of the endpoint table at `/docs/json`, and a browsable page at `/docs` that loads it (no inline script, so a
 * strict CSP holds).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  // built on the first request: converting every endpoint's schemas costs start time and memory
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/docs/json', (_req, reply) => {
    document ??= openApiDocument();
    return reply.send(document);
  });
  const page = (file: string, type: string) => (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply
      .header('content-type', type)
      .header('cache-control', 'no-cache')
      .send(fs.createReadStream(path.join(PAGE_DIR, file)));
  app.get('/docs', page('index.html', 'text/html; charset=utf-8'));
  app.get('/docs/docs.js', page('docs.js', 'text/javascript; charset=utf-8'));
  app.get('/docs/docs.css', page('docs.css', 'text/css; charset=utf-8'));
}
