import {
  avatarColorFor,
  CLIENT_SEND_TYPES,
  FILE_MESSAGE_TYPES,
  groupContactId,
  MESSAGE_MSG,
  parseGroupContactId,
  type SendMessageBody,
  SERVER_MESSAGE_TYPES,
  showsSomething,
  TEXT_MAX_CHARS,
  VIDEO_MAX_SECONDS,
  VOICE_MIN_SECONDS,
} from '@parley/protocol';
import { userCard } from '../users/directory.ts';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { fileForSending } from '../uploads/files.ts';
import { workService } from '../work/service.ts';
import type { DraftFile } from './deliver.ts';

/** What a sent message carries, per type: checked and normalized from the request body. */

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `content` given as an object or as a JSON text of one; else `extends`. */
function structured(body: SendMessageBody): Record<string, unknown> {
  if (isObject(body.content)) return body.content;
  if (typeof body.content === 'string' && body.content.trim().startsWith('{')) {
    try {
      const v = JSON.parse(body.content);
      if (isObject(v)) return v;
    } catch {
      /* fall through to extends */
    }
  }
  return body.extends;
}

function num(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A location's point: the sender's own position, or one picked on the map. */
const LOCATION_ORIGINS = ['current', 'pinned'] as const;

function shortText(v: unknown, max = 200): string {
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

/** Optional positive integer dimensions of an image or video. */
function dimensions(ext: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of ['width', 'height'] as const) {
    const n = num(ext[key]);
    if (n !== undefined && n > 0 && n < 100_000) out[key] = Math.round(n);
  }
  return out;
}


export interface Payload {
  content: string;
  extends: Record<string, unknown>;
  fileId: number | null;
  file: DraftFile | null;
}

export function checkSendType(type: string): void {
  if ((CLIENT_SEND_TYPES as readonly string[]).includes(type)) return;
  if ((SERVER_MESSAGE_TYPES as readonly string[]).includes(type)) throw fail('messages.serverOnly');
  if (type === 'webrtc') throw fail('messages.webrtc');
  if (type === 'red_packet') throw fail('messages.redPacket');
  throw fail('messages.unknownType', { type: type.slice(0, 32) });
}

export async function payloadOf(ctx: AppContext, me: number, body: SendMessageBody): Promise<Payload> {
  const db = ctx.db;
  const type = body.type;
  if (type === 'text') {
    if (typeof body.content !== 'string') throw fail('messages.textNeeded');
    const text = body.content.trim();
    if (!showsSomething(text)) throw fail('messages.textEmpty');
    if (text.length > TEXT_MAX_CHARS && [...text].length > TEXT_MAX_CHARS) throw fail('messages.textTooLong');
    return { content: text, extends: {}, fileId: null, file: null };
  }
  if ((FILE_MESSAGE_TYPES as readonly string[]).includes(type)) {
    if (body.file_id === undefined) throw fail('messages.fileNeeded');
    const ext = body.extends;
    const extendsOut: Record<string, unknown> = {};
    if (type === 'voice') {
      const d = num(ext.duration);
      if (d === undefined) throw fail('messages.durationNeeded');
      if (d < VOICE_MIN_SECONDS) throw fail(MESSAGE_MSG.recordingTooShort);
      if (d > 24 * 3600) throw fail('messages.recordingTooLong');
      extendsOut.duration = Math.round(d * 10) / 10;
    }
    if (type === 'video') {
      const d = num(ext.duration);
      if (d === undefined || d < 0) throw fail('messages.durationNeeded');
      if (d > VIDEO_MAX_SECONDS) throw fail(MESSAGE_MSG.videoTooLong);
      extendsOut.duration = Math.round(d * 10) / 10;
    }
    if (type === 'image' || type === 'video' || type === 'emoji') Object.assign(extendsOut, dimensions(ext));
    const file = await fileForSending(ctx, me, body.file_id);
    const kindOk = type === 'file' || file.kind === type || (type === 'emoji' && file.kind === 'image');
    if (!kindOk) throw fail('messages.fileKind');
    return {
      content: file.name,
      extends: extendsOut,
      fileId: file.id,
      file: { name: file.name, size: file.size, mime: file.mime, ext: file.ext },
    };
  }
  if (type === 'location') {
    const src = structured(body);
    const lat = num(src.lat ?? src.latitude);
    const lng = num(src.lng ?? src.longitude);
    if (lat === undefined || lng === undefined || lat < -90 || lat > 90 || lng < -180 || lng > 180) {
      throw fail('messages.location');
    }
    const name = shortText(src.name);
    const address = shortText(src.address);
    // where the point came from, so that each reader's app words an unnamed place ("Bob's location")
    const origin = LOCATION_ORIGINS.find((o) => o === src.origin);
    return {
      content: name || address || `${lat.toFixed(6)},${lng.toFixed(6)}`,
      extends: { lat, lng, name, address, ...(origin ? { origin } : {}) },
      fileId: null,
      file: null,
    };
  }
  if (type === 'good') {
    const gid = num(structured(body).id);
    if (!gid || !Number.isSafeInteger(gid) || gid <= 0 || gid > 2_147_483_647) throw fail('work.goodNotFound');
    const { good } = await workService(db).goods({ id: gid, page: 1, limit: 1 });
    if (!good) throw fail('work.goodNotFound');
    return {
      content: good.name,
      extends: { id: good.id, name: good.name, price: good.price, picture: good.pictures[0] ?? '' },
      fileId: null,
      file: null,
    };
  }
  // contact: a card of a user or of a group I am in
  const src = structured(body);
  const kind = src.kind ?? (parseGroupContactId(src.id) !== null ? 'group' : 'user');
  if (kind === 'group') {
    const gid = typeof src.id === 'number' ? src.id : parseGroupContactId(src.id) ?? num(src.id);
    if (!gid || !Number.isSafeInteger(gid) || gid <= 0) throw fail('messages.card');
    const [group, member] = await Promise.all([ctx.groups.group(gid), ctx.groups.member(gid, me)]);
    if (!group || group.removed || !member) throw fail('messages.cardGone');
    const avatar = (await db.selectFrom('groups').select('avatar').where('id', '=', gid).executeTakeFirst())?.avatar ?? '';
    return {
      content: group.name,
      extends: { kind: 'group', id: gid, contactId: groupContactId(gid), displayName: group.name, avatar, avatar_color: avatarColorFor(gid) },
      fileId: null,
      file: null,
    };
  }
  if (kind !== 'user') throw fail('messages.card');
  const uid = num(src.id);
  if (!uid || !Number.isSafeInteger(uid) || uid <= 0 || uid > 2_147_483_647) throw fail('messages.card');
  const u = await userCard(db, uid);
  if (!u) throw fail('messages.cardGone');
  return {
    content: u.nickname,
    extends: { kind: 'user', id: u.id, displayName: u.nickname, avatar: u.avatar, avatar_color: u.avatar_color },
    fileId: null,
    file: null,
  };
}

