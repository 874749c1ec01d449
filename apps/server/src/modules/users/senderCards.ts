import type { SenderCards } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { Bus } from '../../realtime/bus.ts';
import { type UserCard, userCard } from './directory.ts';

/** How long a sender's card is used without reading it again; a change of name or avatar forgets it at once. */
const CARD_TTL_MS = 10_000;
/** cards kept at most (the map starts over when full) */
const CARDS_KEPT_MAX = 100_000;

/**
 * The name and avatar every sent message carries, kept for the next sends of the same user: each
 * send read them before. `changed` (called by `announceProfile`, after the change committed)
 * forgets a card on every node.
 */
export function senderCards(db: Db, bus?: Bus): SenderCards {
  const kept = new Map<number, { at: number; card: UserCard }>();
  /** changes so far: a read that overlapped one is not kept */
  let changes = 0;
  const forget = (userId: number) => {
    changes++;
    kept.delete(userId);
  };
  bus?.onMessage((msg) => {
    if (msg.kind === 'userCardChanged') forget(msg.userId);
  });
  return {
    async of(userId) {
      const seen = kept.get(userId);
      if (seen && Date.now() - seen.at < CARD_TTL_MS) return seen.card;
      const changesBefore = changes;
      const card = await userCard(db, userId);
      if (card && changes === changesBefore) {
        if (kept.size >= CARDS_KEPT_MAX) kept.clear();
        kept.set(userId, { at: Date.now(), card });
      }
      return card;
    },
    changed(userId) {
      forget(userId);
      bus?.publish({ kind: 'userCardChanged', userId });
    },
  };
}
