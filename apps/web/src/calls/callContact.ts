import type { CallMedia, CallParty } from '@parley/protocol';
import { useConversations } from '../stores/conversations.ts';
import { useFriends } from '../stores/friends.ts';
import { startCall } from './engine.ts';

/** The other party of a private chat as the call screens show it (friends list, then chat list). */
export function partyOf(userId: number): CallParty {
  const friend = useFriends.getState().friends.find((f) => f.user_id === userId);
  if (friend) return { id: userId, displayName: friend.displayName, avatar: friend.avatar, avatar_color: friend.avatar_color };
  const row = useConversations.getState().contacts.find((c) => c.id === userId || c.id === String(userId));
  return { id: userId, displayName: row?.displayName ?? String(userId), avatar: row?.avatar ?? '', avatar_color: row?.avatar_color ?? 1 };
}

/** Calls the user of a private chat (`contactId` is their user id). */
export function callContact(contactId: string | number, media: CallMedia): Promise<void> {
  return startCall(partyOf(Number(contactId)), media);
}
