import { FORWARD_MAX_TARGETS } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../i18n/index.ts';
import { api } from '../../api/client.ts';
import { sendMessage } from '../../api/messages.ts';
import { showToast } from '../../components/feedback.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { QueryFailed } from '../../components/QueryFailed.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { useMessages } from '../../stores/messages.ts';
import { pickUsers } from '../../stores/userPicker.ts';

/** Sends the good as a card to up to 9 people or groups. */
async function shareGood(id: number, done: string): Promise<void> {
  const targets = await pickUsers({ max: FORWARD_MAX_TARGETS, includeGroups: true, titleKey: 'work.share' });
  if (!targets?.length) return;
  try {
    for (const target of targets) {
      const sent = await sendMessage({ id: crypto.randomUUID(), toContactId: target.id, is_group: target.is_group, type: 'good', extends: { id } });
      useMessages.getState().ingest(sent);
    }
    showToast(done, 'success');
  } catch {
    /* the client showed the server's reason */
  }
}

/** One good: pictures, price, description (plain text until the rich-text editor lands). */
export default function GoodInfoPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const id = Number(query.id);
  const good = useQuery({ queryKey: ['good', id], queryFn: () => api.call('getGood', { id }), enabled: id > 0 });
  const g = good.data?.good;
  return (
    <PageFrame
      title={t(titleKey)}
      testId="goinfo-page"
      background="white"
      footer={
        g ? (
          <div style={{ padding: 12 }}>
            <Button block color="primary" onClick={() => void shareGood(g.id, t('work.shared'))} data-testid="goinfo-share">
              {t('work.share')}
            </Button>
          </div>
        ) : null
      }
    >
      {!(id > 0) ? <MissingTarget /> : null}
      {id > 0 && good.isError ? <QueryFailed error={good.error} onRetry={() => void good.refetch()} /> : null}
      {good.isPending && id > 0 ? <PageLoading /> : null}
      {!g && good.isSuccess ? <EmptyState text={t('serverErrors.work.goodNotFound')} /> : null}
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
