import { ownSocketOf } from '../../http/clientId.ts';
import type { Router } from '../../http/route.ts';
import type { FavoritesService } from './service.ts';

export function favoritesRoutes(r: Router, svc: FavoritesService): void {
  r.handle('favoriteList', ({ body, user }) => svc.list(user.userId, body));
  r.handle('favoriteAdd', ({ body, user }) => svc.add(user.userId, body.msg_id));
  r.handle('favoriteDelete', ({ body, user }) => svc.remove(user.userId, body.ids));
  r.handle('favoriteSend', ({ body, user, req }) => svc.send(user.userId, body.id, body.user_ids, ownSocketOf(req, user.userId)));
}
