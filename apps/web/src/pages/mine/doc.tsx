import type { PageProps } from '../../router/pageProps.ts';
import { DocArticlePage } from './doc/DocArticlePage.tsx';
import { DocListPage } from './doc/DocListPage.tsx';

/** Help docs (`#/pages/mine/doc`): the list, or one article with `?slug=`. */
export default function DocPage({ query, titleKey }: PageProps) {
  return query.slug ? <DocArticlePage slug={query.slug} /> : <DocListPage titleKey={titleKey} />;
}
