import type { Router } from '../../http/route.ts';
import type { MomentsService } from './service.ts';

export function momentsRoutes(r: Router, svc: MomentsService): void {
  r.handle('momentList', ({ body, user }) => svc.list(user.userId, body.before_id, body.limit));
  r.handle('momentPost', ({ body, user }) => svc.post(user.userId, body));
  r.handle('momentDelete', ({ body, user }) => svc.remove(user.userId, body.id));
  r.handle('momentLike', ({ body, user }) => svc.like(user.userId, body.id, body.like === 1));
  r.handle('momentComment', ({ body, user }) => svc.comment(user.userId, body.id, body.text, body.reply_to_comment));
  r.handle('momentDeleteComment', ({ body, user }) => svc.removeComment(user.userId, body.comment_id));
  r.handle('momentNotices', ({ user }) => svc.notices(user.userId));
  r.handle('momentReadNotices', ({ user }) => svc.readNotices(user.userId));
  r.handle('momentSetCover', ({ body, user }) => svc.setCover(user.userId, body.file_id));
}
