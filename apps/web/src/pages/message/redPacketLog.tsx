import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, List, Picker, Tabs } from 'antd-mobile';
import { ListEnd } from '../../components/ListEnd.tsx';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { api } from '../../api/client.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { QueryFailed } from '../../components/QueryFailed.tsx';
import { appContainer } from '../../layout.ts';
import type { PageProps } from '../../router/pageProps.ts';
import { tzOffset } from '../mine/walletKit/queries.ts';
import styles from '../mine/walletKit/wallet.module.css';
import { detailPath } from './chat/bubbles/RedPacketBubble.tsx';

const PAGE_SIZE = 20;
const YEARS_BACK = 5;

/** `#/pages/message/redPacketLog`: red packets received or sent in a year, with the year's totals. */
export default function RedPacketLogPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const thisYear = new Date().getFullYear();
  const [direction, setDirection] = useState<'received' | 'sent'>('received');
  const [year, setYear] = useState(thisYear);
  const [picking, setPicking] = useState(false);
  const log = useInfiniteQuery({
    queryKey: ['redPacketLog', direction, year],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('RedPacketLog', { direction, year, tzOffset: tzOffset(), page: pageParam, limit: PAGE_SIZE }, { signal }),
    getNextPageParam: (last, pages) => (last.items.length === PAGE_SIZE ? pages.length + 1 : undefined),
  });
  const first = log.data?.pages[0];
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  const totals = first ? (direction === 'received' ? first.received : first.sent) : undefined;

  return (
    <PageFrame title={t(titleKey)} testId="red-packet-log">
      <Tabs activeKey={direction} onChange={(k) => setDirection(k as 'received' | 'sent')}>
        <Tabs.Tab title={t('wallet.log.received')} key="received" />
        <Tabs.Tab title={t('wallet.log.sent')} key="sent" />
      </Tabs>
      {log.isError && !log.data ? <QueryFailed error={log.error} onRetry={() => void log.refetch()} /> : null}
      <div className={styles.totals} hidden={log.isError && !log.data}>
        <Button size="mini" onClick={() => setPicking(true)} data-testid="log-year">
          {t('wallet.log.year', { year })}
        </Button>
        <div className={styles.muted}>{t(direction === 'received' ? 'wallet.log.receivedTotal' : 'wallet.log.sentTotal', { year })}</div>
        <div className={styles.totalsAmount} data-testid="log-total">
          ¥{totals?.total ?? '0.00'}
        </div>
        <div className={styles.muted}>
          {t('wallet.log.count', { count: totals?.count ?? 0 })}
          {direction === 'received' && first ? ` · ${t('wallet.log.luckyCount', { count: first.received.lucky })}` : ''}
        </div>
      </div>
      {log.isSuccess && items.length === 0 ? <EmptyState /> : null}
      <List>
        {items.map((item) => (
          <List.Item
            key={item.msg_id}
            onClick={() => navigate(detailPath(item.msg_id))}
            description={`${dayjs(item.time).format('MM-DD HH:mm')}${direction === 'sent' ? ` · ${t('wallet.log.progress', { claimed: item.claimedCount, count: item.count })}` : ''}`}
            extra={
              <span>
                ¥{item.amount}
                {item.lucky ? <div className={styles.lucky}>{t('wallet.packet.lucky')}</div> : null}
              </span>
            }
            data-testid="log-item"
          >
            {direction === 'received' ? item.sender.displayName : t(`wallet.packet.${item.kind}`)}
          </List.Item>
        ))}
      </List>
      {log.isError && !log.data ? null : <ListEnd loadMore={async () => void (await log.fetchNextPage())} hasMore={log.hasNextPage ?? !log.isFetched} />}
      <Picker
        visible={picking}
        getContainer={appContainer}
        columns={[Array.from({ length: YEARS_BACK + 1 }, (_, i) => ({ label: t('wallet.log.year', { year: thisYear - i }), value: thisYear - i }))]}
        value={[year]}
        onClose={() => setPicking(false)}
        onConfirm={(v) => setYear(Number(v[0] ?? thisYear))}
      />
    </PageFrame>
  );
}
