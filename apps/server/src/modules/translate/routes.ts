import type { Router } from '../../http/route.ts';
import type { TranslateService } from './service.ts';

export function translateRoutes(r: Router, svc: TranslateService): void {
  r.handle('translateMessage', ({ body, user }) => svc.translate(user.userId, body.msg_id, body.lang));
  r.handle('transcribeVoice', ({ body, user }) => svc.transcribe(user.userId, body.msg_id));
}
