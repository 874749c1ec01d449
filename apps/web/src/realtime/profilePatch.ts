import type { FriendItem, PushData } from '@parley/protocol';

export type ProfileChange = PushData<'profileChanged'>;

/**
 * What a `profileChanged` push changes on my screens: the friend entry and the chat-list row of that
 * person. The name shown stays my remark when I gave one.
 */
export function profilePatch(change: ProfileChange, friend: Pick<FriendItem, 'remark'> | undefined) {
  const look = { avatar: change.avatar, avatar_color: change.avatar_color };
  const displayName = friend?.remark || change.nickname;
  return {
    friend: { ...look, nickname: change.nickname, displayName },
    row: { ...look, displayName },
  };
}
