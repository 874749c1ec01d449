import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../router/hashRouter.tsx';
import { api } from '../../../api/client.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import type { RouteTitleKey } from '../../../router/pageProps.ts';
import { DocError } from './DocState.tsx';
import { docPath } from './paths.ts';

/** The help articles in my language (English where one has no version in it). */
export function DocListPage({ titleKey }: { titleKey: RouteTitleKey }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = i18n.language;
  const docs = useQuery({ queryKey: ['docList', lang], queryFn: () => api.call('docList', { lang }, { silent: true }) });

  let body: React.ReactNode;
  if (docs.data?.length === 0) body = <EmptyState text={t('docs.empty')} />;
  else if (docs.data) {
    body = (
      <List data-testid="doc-list">
        {docs.data.map((d) => (
          <List.Item key={d.slug} onClick={() => navigate(docPath(d.slug))} data-testid={`doc-item-${d.slug}`} data-lang={d.lang}>
            {d.title}
          </List.Item>
        ))}
      </List>
    );
  } else if (docs.isError) body = <DocError onRetry={() => void docs.refetch()} />;
  else body = <PageLoading />;

  return (
    <PageFrame title={t(titleKey)} testId="doc-page">
      {body}
    </PageFrame>
  );
}
