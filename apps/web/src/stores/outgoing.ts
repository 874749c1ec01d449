import type { ClientSendType, UploadKindValue } from '@parley/protocol';
import { ApiError } from '../api/client.ts';
import type { Bit } from '../api/messages.ts';
import type { ChatItem, SendFailure } from './messageList.ts';
import { addToOutbox, removeFromOutbox } from './outbox.ts';
import { useSession } from './session.ts';

/** Messages on their way to the server: the drafts, their local rows and their copy in the outbox. */

/** What the input bar hands to `send`. */
export interface SendDraft {
  type: ClientSendType;
  /** Text, or the object of a location / contact card. */
  content?: string | Record<string, unknown>;
  at?: number[];
  extends?: Record<string, unknown>;
  /** A file to upload first (image, video, voice, file), shown with progress meanwhile. */
  upload?: { file: Blob; name: string; kind: UploadKindValue };
  /** A file stored already (a sticker): sent by its id, shown by its link. */
  stored?: { id: number; url: string; name: string };
}

export const bit = (isGroup: boolean): Bit => (isGroup ? 1 : 0);
export const myId = (): number => useSession.getState().userInfo?.user_id ?? 0;

/** The contact id as the server wants it: a user id number, or 'group-<n>' / 'system'. */
export function toContactRef(contactId: string): number | string {
  return /^\d+$/.test(contactId) ? Number(contactId) : contactId;
}

/** Local state of a message waiting for the server. */
export interface Outgoing {
  contactId: string;
  isGroup: boolean;
  draft: SendDraft;
  fileId?: number;
  previewUrl?: string;
}
export const outgoing = new Map<string, Outgoing>();

export const outbox = {
  /** The user whose outbox (localStorage) mirrors `outgoing`; 0 before anything was kept or restored. */
  owner: 0,
  /** The outbox of this session was sent again (once per session, when the socket was first bound). */
  restored: false,
  /** The user whose outbox was shown as pending rows (`showOutbox`, once per session); 0 before. */
  shown: 0,
};

/** Keeps a pending message across reloads, once it can be sent without the original file blob. */
export function persistOutgoing(clientId: string, sentAt: number): void {
  const job = outgoing.get(clientId);
  const me = myId();
  if (!job || !me || (job.draft.upload && job.fileId === undefined)) return;
  outbox.owner = me;
  const { type, content, at, extends: ext } = job.draft;
  addToOutbox(me, {
    id: clientId,
    contactId: job.contactId,
    isGroup: job.isGroup,
    type,
    ...(content !== undefined ? { content } : {}),
    ...(at?.length ? { at } : {}),
    ...(ext ? { extends: ext } : {}),
    ...(job.fileId !== undefined ? { fileId: job.fileId } : {}),
    sentAt,
  });
}

export function dropFromOutbox(clientId: string): void {
  const owner = outbox.owner || myId();
  if (owner) removeFromOutbox(owner, clientId);
}

export function failureOf(error: unknown): SendFailure {
  if (!(error instanceof ApiError)) return 'network';
  if (error.reason === 'network' || error.reason === 'timeout') return 'network';
  if (error.reason === 'http' && (error.details.status ?? 0) >= 502) return 'network';
  return 'refused';
}

export function newClientId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export function localMessage(id: string, contactId: string, isGroup: boolean, draft: SendDraft, previewUrl?: string): ChatItem {
  const me = useSession.getState().userInfo;
  const upload = draft.upload;
  const ext = upload ? (upload.name.split('.').pop() ?? '').toLowerCase() : '';
  return {
    id,
    msg_id: 0,
    toContactId: toContactRef(contactId),
    fromUser: {
      id: me?.user_id ?? 0,
      user_id: me?.user_id ?? 0,
      realname: me?.realname ?? '',
      displayName: me?.displayName || me?.nickname || '',
      avatar: me?.avatar ?? '',
      avatar_color: me?.avatar_color ?? 1,
    },
    content: typeof draft.content === 'string' ? draft.content : upload ? upload.name : '',
    type: draft.type,
    sendTime: Date.now() / 1000,
    at: draft.at ?? [],
    is_group: bit(isGroup),
    extends: { ...(typeof draft.content === 'object' ? draft.content : {}), ...(draft.extends ?? {}) },
    is_undo: 0,
    is_read: 0,
    file: upload
      ? { id: 0, name: upload.name, size: upload.file.size, mime: upload.file.type, ext, url: previewUrl ?? '' }
      : draft.stored
        ? { id: draft.stored.id, name: draft.stored.name, size: 0, mime: '', ext: '', url: draft.stored.url }
        : null,
    status: 'sending',
    progress: upload ? 0 : undefined,
  };
}

