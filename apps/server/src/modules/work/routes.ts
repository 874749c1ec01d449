import type { Router } from '../../http/route.ts';
import type { WorkService } from './service.ts';

export function workRoutes(r: Router, svc: WorkService): void {
  r.handle('getGood', ({ body }) => svc.goods(body));
  r.handle('getGoodPhb', ({ body }) => svc.ranking(body.limit));
  r.handle('crmForm', ({ body }) => svc.form(body.type));
  r.handle('crmList', ({ body, user }) => svc.list(user.userId, body.type, body.page, body.limit));
  r.handle('crmDetail', ({ body, user }) => svc.detail(user.userId, body.id));
  r.handle('crmSave', ({ body, user }) => svc.save(user.userId, body.type, body.id, body.values));
}
