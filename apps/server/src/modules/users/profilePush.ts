import type { PushData } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { userCard } from './directory.ts';

/**
 * Tells everyone who shows my name and avatar that they changed (push `profileChanged`): my
 * friends, the members of my groups, and my own other devices. Called after the change committed.
 */
export async function announceProfile(ctx: Pick<AppContext, 'db' | 'hub' | 'friends' | 'groups' | 'senderCards'>, userId: number): Promise<void> {
  ctx.senderCards.changed(userId);
  const [card, friends, coMembers] = await Promise.all([
    userCard(ctx.db, userId),
    ctx.friends.friendIdsOf(userId),
    ctx.groups.coMemberIds(userId),
  ]);
  if (!card) return;
  const data: PushData<'profileChanged'> = { user_id: card.id, nickname: card.nickname, avatar: card.avatar, avatar_color: card.avatar_color };
  ctx.hub.pushUsers([...new Set([userId, ...friends, ...coMembers])], 'profileChanged', data);
}
