import type { PushData } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { usersStore } from './store.ts';

/**
 * Tells everyone who shows my name and avatar that they changed (push `profileChanged`): my
 * friends, the members of my groups, and my own other devices. Called after the change committed.
 */
export async function announceProfile(ctx: Pick<AppContext, 'db' | 'hub'>, userId: number): Promise<void> {
  const store = usersStore(ctx.db);
  const row = await ctx.db.selectFrom('users').select(['id', 'nickname', 'avatar', 'avatar_color']).where('id', '=', userId).executeTakeFirst();
  if (!row) return;
  const data: PushData<'profileChanged'> = { user_id: row.id, nickname: row.nickname, avatar: row.avatar, avatar_color: row.avatar_color };
  ctx.hub.pushUsers([userId, ...(await store.profileAudience(userId))], 'profileChanged', data);
}
