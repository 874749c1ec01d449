import type { Router } from '../../http/route.ts';
import type { EmojiService } from './service.ts';

export function emojiRoutes(r: Router, svc: EmojiService): void {
  r.handle('emojiList', ({ user }) => svc.list(user.userId));
  r.handle('emojiAdd', ({ body, user }) => svc.add(user.userId, body.file_id));
  r.handle('emojiDelete', ({ body, user }) => svc.remove(user.userId, body.ids));
  r.handle('emojiMove', ({ body, user }) => svc.move(user.userId, body.id));
}
