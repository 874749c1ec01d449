import { Paths, routeOf } from '../paths.ts';

/** The conversation the screen shows: the chat route's `toContactId`, else none. */
export function activeChatOf(hash: string): string | null {
  const { path, query } = routeOf(hash);
  if (path !== Paths.chat) return null;
  return query.get('toContactId') || null;
}
