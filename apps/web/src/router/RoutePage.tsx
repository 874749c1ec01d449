import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { useSearchParams } from './hashRouter.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import type { LazyPage } from './lazyPage.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { showPageTitle } from './pageTitle.ts';
import type { PageQuery, RouteTitleKey } from './pageProps.ts';

/** Renders one route's page: query parameters as props, the page title, loading and failure states. */
export function RoutePage({ page, titleKey }: { page: LazyPage; titleKey: RouteTitleKey }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useMemo<PageQuery>(() => Object.fromEntries(params.entries()), [params]);
  const title = t(titleKey);
  // fixed per page: switching from the stand-in to the page itself later would mount it afresh
  const Page = useMemo(() => page.component(), [page]);

  useEffect(() => showPageTitle(title), [title]);

  return (
    <PageErrorBoundary title={title}>
      <Suspense fallback={<PageLoading />}>
        <Page query={query} titleKey={titleKey} />
      </Suspense>
    </PageErrorBoundary>
  );
}
