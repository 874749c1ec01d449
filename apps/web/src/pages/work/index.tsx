import { CRM_TYPES } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { api } from '../../api/client.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { goodPath, recordListPath } from './paths.ts';

/** The work area: goods, this month's ranking, and the business records by type. */
export default function WorkPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ranking = useQuery({ queryKey: ['goodRanking'], queryFn: () => api.call('getGoodPhb', {}) });
  return (
    <PageFrame title={t(titleKey)} testId="work-page">
      <List>
        <List.Item onClick={() => navigate('/pages/golist/golist')} data-testid="work-goods">
          {t('work.goods')}
        </List.Item>
        {CRM_TYPES.map((type) => (
          <List.Item key={type} onClick={() => navigate(recordListPath(type))} data-testid={`work-type-${type}`}>
            {t(`work.types.${type}`)}
          </List.Item>
        ))}
      </List>
      <List header={t('work.ranking')} data-testid="work-ranking">
        {ranking.data?.length === 0 ? <List.Item>{t('work.rankingEmpty')}</List.Item> : null}
        {ranking.data?.map((r) => (
          <List.Item
            key={r.good.id}
            prefix={<strong style={{ color: r.top ? 'var(--parley-red)' : 'var(--text-secondary)' }}>{r.top ? t('work.top', { rank: r.rank }) : r.rank}</strong>}
            description={t('work.won', { count: r.count, amount: r.amount })}
            onClick={() => navigate(goodPath(r.good.id))}
          >
            {r.good.name}
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}
