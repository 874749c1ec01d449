import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
};

function sendFile(reply: import('fastify').FastifyReply, file: string, immutable: boolean) {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  reply.header('content-type', type);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  return reply.send(fs.createReadStream(file));
}

/** Serves the built web app at `/` and the notification sound; GET only, no directory listing. */
export function serveStatic(app: FastifyInstance, webDist: string, assetsDir: string): void {
  const root = path.resolve(webDist);
  app.get('/static/voice/notify.mp3', (_req, reply) => sendFile(reply, path.join(assetsDir, 'notify.mp3'), false));
  app.get('/*', (req, reply) => {
    const urlPath = decodeURIComponent((req.url.split('?')[0] ?? '/').replace(/^\/+/, ''));
    const file = path.resolve(root, urlPath || 'index.html');
    if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return sendFile(reply, file, urlPath.startsWith('assets/'));
    }
    const index = path.join(root, 'index.html');
    if (!urlPath && fs.existsSync(index)) return sendFile(reply, index, false);
    if (!fs.existsSync(index)) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
