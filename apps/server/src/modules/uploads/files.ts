import { createHmac, timingSafeEqual } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { FILE_URL_TTL_SECONDS, convKeyUsers, decodeConvKey, type UserId } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { uploadsRoot } from './service.ts';
import { type UploadRow, uploadsStore } from './store.ts';

/**
 * What other modules use of uploads: signed download links and the access rule.
 *
 * A download link is `/common/upload/file/<id>?u=<viewer>&exp=<unix s>&sig=<hmac>` so that an
 * `<img>`/`<video>`/`<audio>` element, which cannot send the Authorization header, can fetch it.
 * `sig` = base64url HMAC-SHA256 of `file:<id>:<viewer>:<exp>` under the server secret. The link
 * stands for the viewer: the server still checks that the viewer may read the file.
 * `exp` is rounded up to the next whole hour so the same viewer gets the same link for an hour
 * (browser caches hit); a link lives 7 days (+ < 1 h). `exp=0` never expires and is honoured
 * only for avatar and emoji files (a stored `users.avatar` must keep working).
 */

/** Kinds any signed-in user may read. */
export const PUBLIC_KINDS: ReadonlySet<string> = new Set(['avatar', 'emoji']);

const EXP_BUCKET_SECONDS = 3600;
export const FILE_PATH_PREFIX = '/common/upload/file/';

function signature(secret: string, fileId: number, userId: number, exp: number): string {
  return createHmac('sha256', secret).update(`file:${fileId}:${userId}:${exp}`).digest('base64url');
}

function urlOf(fileId: number, userId: number, exp: number, sig: string): string {
  return `${FILE_PATH_PREFIX}${fileId}?u=${userId}&exp=${exp}&sig=${sig}`;
}

/** A signed link to file `fileId` for `userId`, valid `ttlSeconds` (rounded up to the hour). */
export function signedFileUrl(
  secret: string,
  fileId: number,
  userId: number,
  ttlSeconds: number = FILE_URL_TTL_SECONDS,
  nowMs: number = Date.now(),
): string {
  const exp = Math.ceil((Math.floor(nowMs / 1000) + ttlSeconds) / EXP_BUCKET_SECONDS) * EXP_BUCKET_SECONDS;
  return urlOf(fileId, userId, exp, signature(secret, fileId, userId, exp));
}

/** A link that never expires; the server honours it only for avatar and emoji files. */
export function permanentFileUrl(secret: string, fileId: number, ownerId: number): string {
  return urlOf(fileId, ownerId, 0, signature(secret, fileId, ownerId, 0));
}

export type SignatureVerdict =
  | { ok: true; userId: number; permanent: boolean }
  | { ok: false; reason: 'uploads.linkInvalid' | 'uploads.linkExpired' };

/** Checks `?u&exp&sig` of a download link (constant-time compare, expiry). */
export function verifyFileSignature(
  secret: string,
  fileId: number,
  query: { u?: unknown; exp?: unknown; sig?: unknown },
  nowMs: number = Date.now(),
): SignatureVerdict {
  const { u, exp, sig } = query;
  if (typeof u !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') {
    return { ok: false, reason: 'uploads.linkInvalid' };
  }
  if (!/^\d{1,15}$/.test(u) || !/^\d{1,15}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) {
    return { ok: false, reason: 'uploads.linkInvalid' };
  }
  const userId = Number(u);
  const expSec = Number(exp);
  const expected = Buffer.from(signature(secret, fileId, userId, expSec));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'uploads.linkInvalid' };
  }
  if (expSec !== 0 && expSec * 1000 < nowMs) {
    return { ok: false, reason: 'uploads.linkExpired' };
  }
  return { ok: true, userId, permanent: expSec === 0 };
}

/** The download link of a file as handed to `viewerUserId` (synchronous: no database read). */
export function fileUrlFor(ctx: Pick<AppContext, 'secret'>, fileId: number, viewerUserId: number): string {
  return signedFileUrl(ctx.secret, fileId, viewerUserId);
}

/**
 * May `userId` read this file? The uploader; anyone signed in for avatars and emoji; otherwise a
 * member of a conversation the file was sent in (not recalled): either side of `p:<a>:<b>`, the
 * owner of `s:<user>`, a member of group `g:<id>` (and, when the group hides history from new
 * members, only if the message is not older than their joining); or when a module's rule in
 * `ctx.fileReaders` allows it (a friend's moment picture).
 */
export async function canReadFile(
  ctx: Pick<AppContext, 'db' | 'groups' | 'fileReaders'>,
  userId: number,
  file: Pick<UploadRow, 'id' | 'owner_id' | 'kind'>,
): Promise<boolean> {
  if (file.owner_id === userId) return true;
  if (PUBLIC_KINDS.has(file.kind)) return true;
  const store = uploadsStore(ctx.db);
  const convs = await store.conversationsOf(file.id);
  const groups = new Map<number, number>();
  for (const { conv_key, last_msg_id } of convs) {
    const key = decodeConvKey(conv_key);
    if (key?.kind === 'group') groups.set(key.groupId, last_msg_id);
    else if (key && convKeyUsers(key).includes(userId as UserId)) return true;
  }
  for (const [groupId, lastMsgId] of groups) {
    const member = await ctx.groups.member(groupId, userId);
    if (!member) continue;
    if (lastMsgId > member.joinedMsgId) return true;
    const group = await ctx.groups.group(groupId);
    if (group?.setting.history) return true;
  }
  return ctx.fileReaders.mayRead(userId, file.id);
}

export interface SendableFile {
  id: number;
  /** stored kind: image | video | voice | file (chat uploads), avatar | emoji */
  kind: string;
  name: string;
  size: number;
  mime: string;
  ext: string;
  /** signed link for the sender */
  url: string;
}

/**
 * The file a message is about to carry. Refuses with 404 'That file does not exist' unless the
 * file exists and the sender uploaded it or may already read it (forwarding, someone's emoji):
 * an unknown id and someone else's private file look the same, so ids cannot be probed.
 */
export async function fileForSending(
  ctx: Pick<AppContext, 'db' | 'groups' | 'secret' | 'fileReaders'>,
  userId: number,
  fileId: number,
): Promise<SendableFile> {
  const missing = () => fail('uploads.fileNotFound');
  if (!Number.isSafeInteger(fileId) || fileId <= 0) throw missing();
  const row = await uploadsStore(ctx.db).byId(fileId);
  if (!row) throw missing();
  if (!(await canReadFile(ctx, userId, row))) throw missing();
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    size: row.size,
    mime: row.mime,
    ext: row.ext,
    url: fileUrlFor(ctx, row.id, userId),
  };
}

/** The stored bytes of a file (the caller has checked access), or null when it is gone or larger than `maxBytes`. */
export async function readStoredFile(
  ctx: Pick<AppContext, 'db' | 'config'>,
  fileId: number,
  maxBytes: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; name: string; mime: string } | null> {
  const row = await uploadsStore(ctx.db).byId(fileId);
  if (!row || row.size > maxBytes) return null;
  try {
    const bytes = await fsp.readFile(path.join(uploadsRoot(ctx), row.path));
    return { bytes: new Uint8Array(bytes), name: row.name, mime: row.mime };
  } catch {
    return null;
  }
}
