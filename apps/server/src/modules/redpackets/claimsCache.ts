import type { Db } from '../../db/index.ts';
import { type UserCard, userCard } from '../users/directory.ts';
import { redPacketStore } from './store.ts';

export type ClaimRow = Awaited<ReturnType<typeof redPacketStore.claims>>[number];

interface Entry {
  sender: UserCard | undefined;
  /** the claims in seq order: claims are only ever appended, so a packet's list only grows */
  claims: ClaimRow[];
  loadedAt: number;
  /** the read of newer claims in flight: the answers of one batch share it */
  catchingUp?: Promise<void>;
}

/** Packets kept; a burst touches a handful, the sustained load a few hundred. */
const PACKETS_MAX = 2_000;
/** Names and avatars may change: an entry is read whole again after this long. */
const ENTRY_TTL_MS = 30_000;

/**
 * The claim list of each recently opened packet, kept so that answering a claim reads only the
 * claims added since the last answer (usually one row) instead of the packet's whole list and its
 * sender. It is brought up to date against the packet row's `claimed_count`, so any node's claims
 * show on every node.
 */
export function claimsCache(db: Db, now: () => number = Date.now) {
  const entries = new Map<number, Entry>();

  async function load(msgId: number, senderId: number): Promise<Entry> {
    const [claims, sender] = await Promise.all([
      redPacketStore.claims(db, msgId),
      userCard(db, senderId),
    ]);
    const entry = { sender, claims, loadedAt: now() };
    if (entries.size >= PACKETS_MAX) entries.delete(entries.keys().next().value as number);
    entries.set(msgId, entry);
    return entry;
  }

  async function catchUp(msgId: number, entry: Entry): Promise<void> {
    const added = await redPacketStore.claims(db, msgId, Number(entry.claims.at(-1)?.seq ?? 0));
    entry.claims.push(...added);
  }

  /** The sender and the claims of a packet, at least as many as `claimedCount`. */
  async function of(msgId: number, senderId: number, claimedCount: number): Promise<Entry> {
    const entry = entries.get(msgId);
    if (!entry || now() - entry.loadedAt > ENTRY_TTL_MS) return load(msgId, senderId);
    // a read already in flight may have started before the claims asked for were written: then one more
    for (let tries = 0; tries < 2 && entry.claims.length < claimedCount; tries++) {
      entry.catchingUp ??= catchUp(msgId, entry).finally(() => {
        entry.catchingUp = undefined;
      });
      await entry.catchingUp;
    }
    return entry;
  }

  return { of };
}
