import type { TranslationTree } from '../i18n/resources.ts';

export type RouteTitle = keyof TranslationTree['routes'];
export type RouteTitleKey = `routes.${RouteTitle}`;

/** Query parameters of the route, e.g. `#/pages/message/call?id=5&type=video` → `{id: '5', type: 'video'}`. */
export type PageQuery = Readonly<Record<string, string>>;

/** What every routed page receives. */
export interface PageProps {
  query: PageQuery;
  titleKey: RouteTitleKey;
}
