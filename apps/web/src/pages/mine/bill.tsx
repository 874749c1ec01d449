import { BILL_KINDS, type BillKind } from '@parley/protocol';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, DatePicker, List, Picker } from 'antd-mobile';
import { ListEnd } from '../../components/ListEnd.tsx';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { api } from '../../api/client.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { QueryFailed } from '../../components/QueryFailed.tsx';
import { appContainer } from '../../layout.ts';
import type { PageProps } from '../../router/pageProps.ts';
import { BILL_KEY, tzOffset, useWallet } from './walletKit/queries.ts';
import styles from './walletKit/wallet.module.css';

const PAGE_SIZE = 20;
const ALL = 'all';

/** `#/pages/mine/bill`: every movement of my balance, newest first, endless, by kind and month. */
export default function BillPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  useWallet(); // keeps the bill fresh when the balance moves
  const [kind, setKind] = useState<BillKind | undefined>();
  const [month, setMonth] = useState<string | undefined>();
  const [picking, setPicking] = useState<'kind' | 'month' | null>(null);
  const bill = useInfiniteQuery({
    queryKey: [...BILL_KEY, kind, month],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      api.call('getUserPriceLog', { kind, month, tzOffset: tzOffset(), page: pageParam, limit: PAGE_SIZE }, { signal }),
    getNextPageParam: (last, pages) => (last.length === PAGE_SIZE ? pages.length + 1 : undefined),
  });
  const entries = bill.data?.pages.flat() ?? [];

  return (
    <PageFrame title={t(titleKey)} testId="bill-page">
      <div className={styles.filters}>
        <Button size="small" onClick={() => setPicking('kind')} data-testid="bill-kind">
          {kind ? t(`wallet.bill.kinds.${kind}`) : t('wallet.bill.allKinds')}
        </Button>
        <Button size="small" onClick={() => setPicking('month')} data-testid="bill-month">
          {month ?? t('wallet.bill.allMonths')}
        </Button>
        {month ? (
          <Button size="small" fill="none" onClick={() => setMonth(undefined)}>
            {t('wallet.bill.allMonths')}
          </Button>
        ) : null}
      </div>
      {bill.isSuccess && entries.length === 0 ? <EmptyState /> : null}
      {bill.isError && !bill.data ? <QueryFailed error={bill.error} onRetry={() => void bill.refetch()} /> : null}
      <List>
        {entries.map((e) => (
          <List.Item
            key={e.id}
            description={`${dayjs(e.time).format('YYYY-MM-DD HH:mm')} · ${t('wallet.bill.balanceAfter', { amount: e.balance })}`}
            extra={<span className={e.amount.startsWith('-') ? styles.minus : styles.plus}>{e.amount.startsWith('-') ? e.amount : `+${e.amount}`}</span>}
            data-testid="bill-entry"
          >
            {t(`wallet.bill.kinds.${e.kind}`)}
          </List.Item>
        ))}
      </List>
      {bill.isError && !bill.data ? null : <ListEnd loadMore={async () => void (await bill.fetchNextPage())} hasMore={bill.hasNextPage ?? !bill.isFetched} />}
      <Picker
        visible={picking === 'kind'}
        getContainer={appContainer}
        columns={[[{ label: t('wallet.bill.allKinds'), value: ALL }, ...BILL_KINDS.map((k) => ({ label: t(`wallet.bill.kinds.${k}`), value: k }))]]}
        value={[kind ?? ALL]}
        onClose={() => setPicking(null)}
        onConfirm={(v) => setKind(v[0] === ALL || !v[0] ? undefined : (v[0] as BillKind))}
      />
      <DatePicker
        visible={picking === 'month'}
        getContainer={appContainer}
        precision="month"
        title={t('wallet.bill.pickMonth')}
        max={new Date()}
        onClose={() => setPicking(null)}
        onConfirm={(d) => setMonth(dayjs(d).format('YYYY-MM'))}
      />
    </PageFrame>
  );
}
