const CHAT_PATH = Paths.chat;
import { Paths } from '../paths.ts';

/** The conversation the screen shows: the chat route's `toContactId`, else none. */
export function activeChatOf(hash: string): string | null {
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  if (path !== CHAT_PATH) return null;
  return new URLSearchParams(search).get('toContactId') || null;
}

