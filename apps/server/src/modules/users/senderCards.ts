import type { SenderCards } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { Bus } from '../../realtime/bus.ts';
import { recentReads } from '../../recentReads.ts';
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
  const cards = recentReads<number, UserCard | undefined>(CARD_TTL_MS, CARDS_KEPT_MAX);
  bus?.onMessage((msg) => {
    if (msg.kind === 'userCardChanged') cards.forget(msg.userId);
  });
  return {
    of: (userId) => cards.read(userId, () => userCard(db, userId), (card) => card !== undefined),
    changed(userId) {
      cards.forget(userId);
      bus?.publish({ kind: 'userCardChanged', userId });
    },
  };
}
