import { CRM_TYPES, type CrmType } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { api } from '../../api/client.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { TopBarButton } from '../../components/TopBar.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { recordPath } from './paths.ts';

export const crmTypeOf = (raw: string | undefined): CrmType => ((CRM_TYPES as readonly string[]).includes(raw ?? '') ? (raw as CrmType) : 'customer');

/** The records of one type that I created or share in. */
export default function RecordListPage({ query }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const type = crmTypeOf(query.type);
  const records = useQuery({ queryKey: ['crmList', type], queryFn: () => api.call('crmList', { type, limit: 50 }) });
  const add = (
    <TopBarButton label={t('work.newRecord')} onClick={() => navigate(recordPath(type))} testId="work-new">
      <span style={{ fontSize: 15 }}>{t('work.newRecord')}</span>
    </TopBarButton>
  );
  return (
    <PageFrame title={t(`work.types.${type}`)} right={add} testId="work-list-page">
      {records.data?.list.length === 0 ? <EmptyState text={t('work.noRecords')} /> : null}
      <List>
        {records.data?.list.map((r) => (
          <List.Item key={r.id} onClick={() => navigate(recordPath(type, r.id))} description={t('work.creator', { name: r.creator.realname })} data-testid={`work-record-${r.id}`}>
            {r.title}
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}
