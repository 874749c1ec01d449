import type { Router } from '../../http/route.ts';
import type { DocsService } from './service.ts';

export function docsRoutes(r: Router, svc: DocsService): void {
  r.handle('docList', ({ body }) => svc.list(body.lang));
  r.handle('docDetail', ({ body }) => svc.detail(body.slug, body.lang));
}
