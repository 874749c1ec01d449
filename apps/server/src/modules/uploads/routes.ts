import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, Code, EMOJI_MAX_BYTES, type UploadKindValue } from '@parley/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { requireUser } from '../../http/auth.ts';
import { refusal } from '../../http/envelope.ts';
import type { Router } from '../../http/route.ts';
import { canReadFile, permanentFileUrl, signedFileUrl, verifyFileSignature } from './files.ts';
import { setAvatar } from '../users/directory.ts';
import { announceProfile } from '../users/profilePush.ts';
import { type UploadsService, uploadTooLarge, uploadsService } from './service.ts';

/** Room for the multipart boundaries, part headers and small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * Upload routes: the multipart endpoints of the table, registered in their own encapsulated scope
 * (where the multipart parser lives), and the GET that serves a stored file.
 */
export function uploadsRoutes(
  app: FastifyInstance,
  r: Router,
  ctx: AppContext,
  service: UploadsService = uploadsService(ctx),
) {
  app.register(async (scope) => {
    // defaults for this scope; each route passes its own file size limit to `req.parts`
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 8, fieldSize: 1024, parts: 12, headerPairs: 64 },
    });
    const routes = r.within(scope);

    // an announced length over the route's limit is refused (413) before a byte of it is read
    const maxBytes: Record<string, number> = {
      '/common/upload/uploadfile': ctx.config.uploadMaxBytes,
      '/common/upload/uploadavatar': AVATAR_MAX_BYTES,
      '/common/upload/uploademoji': EMOJI_MAX_BYTES,
    };
    scope.addHook('onRequest', async (req) => {
      const limit = maxBytes[(req.url.split('?')[0] ?? '').toLowerCase()];
      const announced = Number(req.headers['content-length'] ?? 0);
      if (limit !== undefined && announced > limit + MULTIPART_OVERHEAD_BYTES) throw uploadTooLarge(limit);
    });
    // a refused upload may still be arriving, or lie unread (a refusal at too many parts): close the
    // connection instead of reading the rest, which would otherwise be taken for the next request
    scope.addHook('onSend', async (req, reply) => {
      if (reply.statusCode === 413 || !req.raw.complete) reply.header('connection', 'close');
    });

    routes.handle('uploadFile', async ({ req, user }) => {
      const f = await service.uploadFile(req, user.userId);
      return {
        file_id: f.id,
        url: signedFileUrl(ctx.secret, f.id, user.userId),
        name: f.name,
        size: f.size,
        mime: f.mime,
        ext: f.ext,
        kind: f.kind as UploadKindValue,
      };
    });

    routes.handle('uploadAvatar', async ({ req, user }) => {
      // users.avatar changes in the same transaction as the uploads row
      const f = await service.uploadPicture(req, user.userId, 'avatar', AVATAR_MAX_BYTES, (trx, id) =>
        setAvatar(trx, user.userId, permanentFileUrl(ctx.secret, id, user.userId)),
      );
      await announceProfile(ctx, user.userId);
      return { file_id: f.id, url: permanentFileUrl(ctx.secret, f.id, user.userId) };
    });

    routes.handle('uploadEmoji', async ({ req, user }) => {
      const f = await service.uploadPicture(req, user.userId, 'emoji', EMOJI_MAX_BYTES);
      return { file_id: f.id, url: permanentFileUrl(ctx.secret, f.id, user.userId) };
    });

    // files go as stored (ranges, lengths): not recompressed
    scope.get('/common/upload/file/:id', { compress: false }, async (req, reply) => serveFile(ctx, service, req, reply));
  });
}

/** Who is asking: the Authorization header, or else a signed link (`?u&exp&sig`). */
async function viewerOf(
  ctx: AppContext,
  req: FastifyRequest,
  fileId: number,
): Promise<{ userId: number; permanent: boolean }> {
  if (req.headers.authorization !== undefined) {
    // a GET answers refusals with real HTTP statuses (http/errors.ts): a gone session is a 401
    const user = await requireUser(req, ctx.sessions);
    return { userId: user.userId, permanent: false };
  }
  const q = (req.query ?? {}) as Record<string, unknown>;
  if (q.sig === undefined && q.exp === undefined && q.u === undefined) {
    throw fail('uploads.signInLink');
  }
  const verdict = verifyFileSignature(ctx.secret, fileId, q);
  if (!verdict.ok) throw fail(verdict.reason);
  return { userId: verdict.userId, permanent: verdict.permanent };
}

/** Images, video and audio may show in the page; anything else (HTML, SVG, PDF, text…) downloads. */
export function isInlineMime(mime: string): boolean {
  if (mime === 'image/svg+xml' || mime.includes('xml') || mime.includes('html')) return false;
  return /^(image|video|audio)\//.test(mime);
}

/** `content-disposition` with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** One `bytes=` range against `size`: the range, 'unsatisfiable', or null (ignore, send it all). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null; // several ranges or another unit: the whole file is a valid answer
  const [, from, to] = m as unknown as [string, string, string];
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
    if (to !== '' && Number(to) < start) return null;
  }
  if (start >= size || !Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return 'unsatisfiable';
  return { start, end };
}

async function serveFile(ctx: AppContext, service: UploadsService, req: FastifyRequest, reply: FastifyReply) {
  const raw = (req.params as { id?: string }).id ?? '';
  const fileId = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (!fileId) throw fail('uploads.fileNotFound');
  const viewer = await viewerOf(ctx, req, fileId);
  const row = await service.byId(fileId);
  if (!row) throw fail('uploads.fileNotFound');
  const isPublic = row.kind === 'avatar' || row.kind === 'emoji';
  if (viewer.permanent && !isPublic) {
    throw fail('uploads.linkInvalid');
  }
  if (!(await canReadFile(ctx, viewer.userId, row))) {
    throw fail('uploads.noAccess');
  }

  const file = path.join(service.root, row.path);
  let size: number;
  try {
    size = (await fsp.stat(file)).size;
  } catch {
    ctx.log.warn({ fileId, path: row.path }, 'upload row without its file');
    throw fail('uploads.notStored');
  }

  reply
    .header('content-type', row.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'private, max-age=3600')
    .header('vary', 'authorization')
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(isInlineMime(row.mime) ? 'inline' : 'attachment', row.name));

  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.removeHeader('content-disposition');
    return reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send(refusal('uploads.rangeOutside', Code.BAD_REQUEST));
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(fs.createReadStream(file, { start: range.start, end: range.end }));
  }
  return reply.header('content-length', size).send(fs.createReadStream(file));
}
