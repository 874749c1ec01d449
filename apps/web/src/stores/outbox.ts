import type { ClientSendType } from '@parley/protocol';

/**
 * The outbox: messages written but not yet accepted by the server, kept in localStorage per
 * user (`outbox:<userId>`) so they survive a page reload and are sent again with the same client
 * id (the server dedupes by sender and id). Only what a resend needs is kept: drafts still
 * waiting for a file upload cannot be kept (the file is not storable) and are left out.
 */

/** One pending message, in the order it was written. */
export interface OutboxEntry {
  /** The client id (UUID) the message is sent with, every time. */
  id: string;
  contactId: string;
  isGroup: boolean;
  type: ClientSendType;
  content?: string | Record<string, unknown>;
  at?: number[];
  extends?: Record<string, unknown>;
  /** The file, already uploaded. */
  fileId?: number;
  /** When it was written (seconds, as `sendTime`): the order of the pending rows. */
  sentAt: number;
}

/** The part of `Storage` the outbox uses (an in-memory object in tests). */
export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const outboxKey = (userId: number | string): string => `outbox:${userId}`;

function defaultStorage(): OutboxStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is OutboxEntry {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    e.id !== '' &&
    typeof e.contactId === 'string' &&
    typeof e.isGroup === 'boolean' &&
    typeof e.type === 'string' &&
    typeof e.sentAt === 'number' &&
    (e.fileId === undefined || typeof e.fileId === 'number')
  );
}

/** The stored entries of a user, oldest first; malformed data reads as empty. */
export function loadOutbox(userId: number | string, storage: OutboxStorage | null = defaultStorage()): OutboxEntry[] {
  if (!storage || !userId) return [];
  try {
    const raw = storage.getItem(outboxKey(userId));
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** Replaces the stored entries of a user; an empty list removes the key. */
export function saveOutbox(userId: number | string, entries: readonly OutboxEntry[], storage: OutboxStorage | null = defaultStorage()): void {
  if (!storage || !userId) return;
  try {
    if (entries.length === 0) storage.removeItem(outboxKey(userId));
    else storage.setItem(outboxKey(userId), JSON.stringify(entries));
  } catch {
    // Quota exceeded or storage disabled: the message is still sent in this visit.
  }
}

/** Adds an entry (or replaces the one with the same id, keeping its place). */
export function addToOutbox(userId: number | string, entry: OutboxEntry, storage: OutboxStorage | null = defaultStorage()): void {
  const entries = loadOutbox(userId, storage);
  const i = entries.findIndex((e) => e.id === entry.id);
  if (i < 0) entries.push(entry);
  else entries[i] = entry;
  saveOutbox(userId, entries, storage);
}

/** Drops the entry with client id `id`; nothing is written when it is absent. */
export function removeFromOutbox(userId: number | string, id: string, storage: OutboxStorage | null = defaultStorage()): void {
  const entries = loadOutbox(userId, storage);
  const kept = entries.filter((e) => e.id !== id);
  if (kept.length !== entries.length) saveOutbox(userId, kept, storage);
}

/** Forgets the outbox of a user (sign-out, another session). */
export function clearOutbox(userId: number | string, storage: OutboxStorage | null = defaultStorage()): void {
  saveOutbox(userId, [], storage);
}
