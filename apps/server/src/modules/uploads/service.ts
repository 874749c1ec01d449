import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  formatSizeLimit,
  kindOfMime,
  PICTURE_MIMES,
  type StoredUploadKind,
  UPLOAD_NAME_MAX,
  type UploadKindValue,
} from '@parley/protocol';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { httpRefusal } from '../../domainError.ts';
import type { Db } from '../../db/index.ts';
import { DomainError, fail } from '../../domainError.ts';
import { uploadsStore } from './store.ts';

export const OCTET_STREAM = 'application/octet-stream';

/** Where files live: DATA_DIR/uploads/<yyyy>/<mm>/<random>.<ext>. */
export function uploadsRoot(ctx: Pick<AppContext, 'config'>): string {
  return path.join(ctx.config.dataDir, 'uploads');
}

/**
 * A stored display name: no folders, no control or bidi-override characters (which can disguise
 * `evil‮gpj.exe` as `evilexe.jpg`), whitespace collapsed, at most 255 characters (keeping the
 * extension when the name is cut), never empty.
 */
export function sanitizeName(raw: string | undefined, fallbackExt: string): string {
  let name = (raw ?? '').split(/[\\/]/).pop() ?? '';
  name = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (name === '' || name === '.' || name === '..') name = fallbackExt ? `file.${fallbackExt}` : 'file';
  const chars = [...name];
  if (chars.length <= UPLOAD_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  if (ext.length > 0 && ext.length <= 17) {
    return chars.slice(0, UPLOAD_NAME_MAX - ext.length).join('') + ext.join('');
  }
  return chars.slice(0, UPLOAD_NAME_MAX).join('');
}

/** The extension a name claims, lower-case, when it is a plain short one. */
function nameExt(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : null;
}

/** Containers a browser's MediaRecorder writes audio-only recordings in, detected as video/*. */
const AUDIO_CAPABLE_CONTAINERS: Record<string, string> = {
  'video/webm': 'audio/webm',
  'video/mp4': 'audio/mp4',
  'video/ogg': 'audio/ogg',
  'video/x-matroska': 'audio/webm',
};

export interface Detected {
  mime: string;
  /** extension shown to people (from the bytes, or the name's when the bytes say nothing) */
  ext: string;
  /** extension of the file on disk: from the bytes, else `bin` */
  diskExt: string;
  kind: UploadKindValue;
}

/**
 * Type from the bytes. Undetected content (text, unknown binary) is `application/octet-stream`,
 * a 'file'. The `kind` hint may turn an image/video/voice into a 'file' (sent as a file card), and
 * 'voice' may claim an audio-capable video container (MediaRecorder's webm/mp4); otherwise the
 * bytes decide.
 */
export async function detect(filePath: string, name: string, hint: string | undefined): Promise<Detected> {
  const { fileTypeFromFile, supportedExtensions } = await import('file-type');
  const found = await fileTypeFromFile(filePath);
  if (!found) {
    const claimed = nameExt(name);
    // a name claiming a type we can recognise from bytes, whose bytes are not that type, lies
    const ext = claimed && !supportedExtensions.has(claimed as never) ? claimed : 'bin';
    return { mime: OCTET_STREAM, ext, diskExt: 'bin', kind: 'file' };
  }
  let mime: string = found.mime;
  let kind = kindOfMime(mime);
  if (hint === 'voice' && kind === 'video' && AUDIO_CAPABLE_CONTAINERS[mime]) {
    mime = AUDIO_CAPABLE_CONTAINERS[mime] as string;
    kind = 'voice';
  } else if (hint === 'file') {
    kind = 'file';
  }
  return { mime, ext: found.ext, diskExt: found.ext, kind };
}

export interface UploadPolicy {
  maxBytes: number;
  /** refuses (throws a DomainError) a detected type the endpoint does not take */
  accept?(detected: Detected): void;
  storedKind(detected: Detected): StoredUploadKind;
  /** more writes that must commit with the `uploads` row (same transaction) */
  alsoWrite?(trx: Db, fileId: number): Promise<void>;
}

export interface StoredUpload {
  id: number;
  ownerId: number;
  kind: StoredUploadKind;
  name: string;
  mime: string;
  ext: string;
  size: number;
  path: string;
}


/** Counts bytes going through. */
function counter() {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

async function removeQuietly(file: string | null): Promise<void> {
  if (file) await fsp.rm(file, { force: true }).catch(() => {});
}

function isSystemError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'syscall' in err;
}

/** Maps a multipart parsing failure to a refusal; disk and other real failures stay errors (500). */
/** An upload over its limit: HTTP 413, and the connection is closed after the answer. */
export function uploadTooLarge(maxBytes: number): DomainError {
  return httpRefusal(413, 'security.uploadTooLarge', { max: formatSizeLimit(maxBytes) });
}

function parseFailure(err: unknown): unknown {
  if (err instanceof DomainError || isSystemError(err)) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return fail('uploads.oneFile');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return fail('uploads.tooManyFields');
  return fail('uploads.malformed');
}

export function uploadsService(ctx: AppContext) {
  const root = uploadsRoot(ctx);
  const store = uploadsStore(ctx.db);

  /**
   * Reads the multipart body: the `file` field is streamed to a `.part` file next to its final
   * place (never held in memory), then typed from its bytes, renamed and recorded. Whatever goes
   * wrong, nothing is left on disk and no row is written.
   */
  async function receive(req: FastifyRequest, ownerId: number, policy: UploadPolicy): Promise<StoredUpload> {
    if (!req.isMultipart()) throw fail('uploads.malformed');
    const now = new Date();
    const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const dir = path.join(root, folder);
    await fsp.mkdir(dir, { recursive: true });
    const stem = randomBytes(16).toString('hex');
    const partPath = path.join(dir, `${stem}.part`);

    let written: { size: number; clientName: string } | null = null;
    let hint: string | undefined;
    let finalPath: string | null = null;
    try {
      try {
        const parts = req.parts({
          limits: { fileSize: policy.maxBytes, files: 1, fields: 8, fieldSize: 1024, parts: 12, headerPairs: 64 },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'kind' && typeof part.value === 'string') hint = part.value.trim().toLowerCase();
            continue;
          }
          if (part.fieldname !== 'file' || written) {
            part.file.resume();
            continue;
          }
          // the body ended inside this part: the parser has already destroyed its stream
          if (part.file.destroyed) throw fail('uploads.malformed');
          // past the limit the upload is cut at once (413), not read to its end
          part.file.once('limit', () => part.file.destroy(uploadTooLarge(policy.maxBytes)));
          const count = counter();
          await pipeline(part.file, count.stream, fs.createWriteStream(partPath, { flags: 'wx' }));
          // a small body may have hit the limit before the listener above was attached
          if (part.file.truncated) throw uploadTooLarge(policy.maxBytes);
          written = { size: count.bytes(), clientName: part.filename };
        }
      } catch (err) {
        throw parseFailure(err);
      }
      if (!written) throw fail('uploads.noFileField');
      if (written.size === 0) throw fail('uploads.fileEmpty');

      const detected = await detect(partPath, written.clientName, hint);
      policy.accept?.(detected);
      const name = sanitizeName(written.clientName, detected.ext);
      const relative = `${folder}/${stem}.${detected.diskExt}`;
      finalPath = path.join(root, relative);
      await fsp.rename(partPath, finalPath);
      const kind = policy.storedKind(detected);
      const row = {
        owner_id: ownerId,
        kind,
        name,
        mime: detected.mime,
        ext: detected.ext,
        size: written.size,
        path: relative,
        created_at: Date.now(),
      };
      const id = policy.alsoWrite
        ? await ctx.db.transaction().execute(async (trx) => {
            const newId = await uploadsStore(trx).insert(row);
            await policy.alsoWrite?.(trx, newId);
            return newId;
          })
        : await store.insert(row);
      return { id, ownerId, kind, name, mime: row.mime, ext: row.ext, size: row.size, path: relative };
    } catch (err) {
      await removeQuietly(partPath);
      await removeQuietly(finalPath);
      throw err;
    }
  }

  return {
    receive,

    /** A chat file of any type up to UPLOAD_MAX_BYTES. */
    uploadFile(req: FastifyRequest, userId: number) {
      return receive(req, userId, {
        maxBytes: ctx.config.uploadMaxBytes,
        storedKind: (d) => d.kind,
      });
    },

    /** A picture (jpeg/png/webp/gif by its bytes) up to `maxBytes` (capped by UPLOAD_MAX_BYTES). */
    uploadPicture(
      req: FastifyRequest,
      userId: number,
      kind: 'avatar' | 'emoji',
      maxBytes: number,
      alsoWrite?: UploadPolicy['alsoWrite'],
    ) {
      return receive(req, userId, {
        alsoWrite,
        maxBytes: Math.min(maxBytes, ctx.config.uploadMaxBytes),
        accept(d) {
          if (!(PICTURE_MIMES as readonly string[]).includes(d.mime)) {
            throw fail(kind === 'avatar' ? 'uploads.avatarImage' : 'uploads.emojiImage');
          }
        },
        storedKind: () => kind,
      });
    },

    byId: (id: number) => store.byId(id),
    root,
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
