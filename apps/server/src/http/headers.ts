import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Map tiles of location messages (apps/web LeafletMap). */
const MAP_TILES = 'https://tile.openstreetmap.org';

/**
 * Security headers on every answer (`@fastify/helmet`): a strict Content-Security-Policy (scripts
 * only from this server, never inline; no plugins; no framing), nosniff and no referrer.
 * Inline style attributes stay allowed: React and antd-mobile set them; they cannot run code.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', MAP_TILES],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // the server may be reached over plain http on a LAN: do not pin https
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}
