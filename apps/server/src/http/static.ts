import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** JSON answers larger than this are compressed (gzip or brotli, as the client accepts). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Hashed build output (`assets/name-hash.js` under the web root) never changes under its name. */
const isHashedAsset = (relative: string) => relative.split(path.sep)[0] === 'assets';

/**
 * JSON answers over 1 KB compressed on the fly, gzip or brotli as the client accepts
 * (`@fastify/compress`). Registered before the routes, which it then covers; a route that
 * streams files itself opts out (`compress: false`).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES });
}

/**
 * The built web app at `/` through `@fastify/static`: the brotli or gzip copy made at build time
 * when the client accepts it, hashed assets cached for a year, `index.html` (and anything else)
 * revalidated.
 */
export async function serveStatic(app: FastifyInstance, webDist: string, assetsDir: string): Promise<void> {
  const root = path.resolve(webDist);
  const built = fs.existsSync(path.join(root, 'index.html'));
  const headers = {
    cacheControl: false,
    setHeaders(res: { setHeader(name: string, value: string): unknown }, file: string) {
      res.setHeader('cache-control', isHashedAsset(path.relative(root, file)) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  if (built) {
    // a file with a build-time copy goes as that copy (@fastify/compress leaves encoded answers alone)
    await app.register(fastifyStatic, { root, prefix: '/', preCompressed: true, ...headers });
  } else {
    // only the notification sound (the app answers 503 below)
    await app.register(fastifyStatic, { root: path.resolve(assetsDir), serve: false, ...headers });
  }
  app.get('/static/voice/notify.mp3', (_req, reply) => reply.sendFile('notify.mp3', path.resolve(assetsDir)));
  if (!built) {
    app.get('/', (_req, reply) =>
      reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).'),
    );
  }
}
