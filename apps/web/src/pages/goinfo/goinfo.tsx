import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import type { PageProps } from '../../router/pageProps.ts';

/** One good: pictures, price, description (plain text until the rich-text editor lands). */
export default function GoodInfoPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const id = Number(query.id);
  const good = useQuery({ queryKey: ['good', id], queryFn: () => api.call('getGood', { id }), enabled: id > 0 });
  const g = good.data?.good;
  return (
    <PageFrame title={t(titleKey)} testId="goinfo-page" background="white">
      {good.isPending && id > 0 ? <PageLoading /> : null}
      {!g && !good.isPending ? <EmptyState text={t('serverErrors.work.goodNotFound')} /> : null}
      {g ? (
        <div style={{ padding: 16 }}>
          {g.pictures.map((src) => (
            <img key={src} src={src} alt="" style={{ width: '100%', borderRadius: 6, marginBottom: 8 }} />
          ))}
          <h2 style={{ margin: '8px 0', fontSize: 20 }} data-testid="goinfo-name">
            {g.name}
          </h2>
          <div style={{ color: 'var(--parley-red)', fontSize: 18, fontWeight: 600 }} data-testid="goinfo-price">
            ¥{g.price}
          </div>
          <div style={{ color: 'var(--text-secondary)', fontSize: 13, margin: '4px 0 12px' }}>{g.category}</div>
          <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }} data-testid="goinfo-description">
            {g.description}
          </div>
        </div>
      ) : null}
    </PageFrame>
  );
}
