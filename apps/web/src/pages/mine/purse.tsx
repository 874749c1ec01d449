import { fenToYuan, parseAmount, type WalletRequest, yuanToFen } from '@parley/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, Popup } from 'antd-mobile';
import dayjs from 'dayjs';
import { useState } from 'react';
import { amountWords } from '../../i18n/amountWords.ts';
import { useTranslation } from '../../i18n/index.ts';
import { api } from '../../api/client.ts';
import { showToast } from '../../components/feedback.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { QueryFailed } from '../../components/QueryFailed.tsx';
import { TagLabel } from '../../components/TagLabel.tsx';
import { appContainer } from '../../layout.ts';
import type { PageProps } from '../../router/pageProps.ts';
import { PayPasscode } from './walletKit/PayPasscode.tsx';
import { REQUESTS_KEY, useWallet, WALLET_KEY } from './walletKit/queries.ts';
import styles from './walletKit/wallet.module.css';
import { useRetryIds } from '../../hooks/useRetryIds.ts';

type Action = 'recharge' | 'withdraw';

/** `#/pages/mine/purse`: the balance under a green header, recharge and withdraw, and my requests. */
export default function PursePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const wallet = useWallet();
  const requests = useQuery({
    queryKey: [...REQUESTS_KEY, wallet.data?.balance, wallet.data?.pendingRecharge, wallet.data?.pendingWithdraw],
    queryFn: ({ signal }) => api.call('walletRequests', { limit: 20 }, { signal }),
    enabled: wallet.data?.opened === true,
  });
  const [action, setAction] = useState<Action | null>(null);
  const [amount, setAmount] = useState('');
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState('');
  const retryIds = useRetryIds();

  const refresh = () => client.invalidateQueries({ queryKey: WALLET_KEY });
  const finish = (done: WalletRequest) => {
    showToast(done.kind === 'recharge' ? t('wallet.purse.rechargeSent') : t('wallet.purse.withdrawSent'), 'success');
    retryIds.forget();
    setAction(null);
    setPaying(false);
    setAmount('');
    void refresh();
  };
  const confirm = async () => {
    if (action === 'recharge') {
      try {
        finish(await api.call('recharge', { amount: amount.trim(), client_id: retryIds.idFor(`recharge ${amount.trim()}`) }));
      } catch {
        // the refusal was shown
      }
    } else {
      setPayError('');
      setPaying(true);
    }
  };
  const pay = async (password: string) => {
    try {
      finish(await api.call('withdraw', { amount: amount.trim(), password, client_id: retryIds.idFor(`withdraw ${amount.trim()}`) }, { silent: true }));
    } catch (err) {
      setPayError((err as Error).message);
    }
  };

  const info = wallet.data;
  const parsed = parseAmount(amount);
  // a withdrawal over the balance is said before the payment password is asked
  const balanceFen = info ? yuanToFen(info.balance) : null;
  const overBalance = action === 'withdraw' && parsed.ok && balanceFen !== null && parsed.fen > balanceFen;
  if (!info && wallet.isError) {
    // no balance to show: not a 0.00 that looks like one
    return (
      <PageFrame title={t(titleKey)} testId="purse-page">
        <QueryFailed error={wallet.error} onRetry={() => void wallet.refetch()} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t(titleKey)} testId="purse-page">
      <div className={styles.purseHead}>
        <div className={styles.purseLabel}>{t('wallet.purse.balance')}</div>
        <div className={styles.purseBalance} data-testid="purse-balance">
          {info?.balance ?? '—'}
        </div>
        {info && info.pendingRecharge !== '0.00' ? <div className={styles.pursePending}>{t('wallet.purse.pendingRecharge', { amount: info.pendingRecharge })}</div> : null}
        {info && info.pendingWithdraw !== '0.00' ? <div className={styles.pursePending}>{t('wallet.purse.pendingWithdraw', { amount: info.pendingWithdraw })}</div> : null}
      </div>
      <div className={styles.actions}>
        <Button color="primary" block onClick={() => setAction('recharge')} data-testid="purse-recharge" disabled={!info?.opened}>
          {t('wallet.purse.recharge')}
        </Button>
        <Button block onClick={() => setAction('withdraw')} data-testid="purse-withdraw" disabled={!info?.opened}>
          {t('wallet.purse.withdraw')}
        </Button>
      </div>
      {requests.data && requests.data.length > 0 ? (
        <List header={t('wallet.purse.requests')}>
          {requests.data.map((r) => (
            <List.Item
              key={r.id}
              description={dayjs(r.created_at).format('YYYY-MM-DD HH:mm')}
              extra={<TagLabel>{t(`wallet.purse.status.${r.status}`)}</TagLabel>}
              data-testid={`purse-request-${r.id}`}
            >
              {t(`wallet.purse.${r.kind}`)} ¥{r.amount}
            </List.Item>
          ))}
        </List>
      ) : null}
      <Popup visible={action !== null} onMaskClick={() => setAction(null)} getContainer={appContainer} destroyOnClose>
        <div className={styles.sheet}>
          <div className={styles.sheetTitle}>{action ? t(`wallet.purse.${action}`) : ''}</div>
          <Input
            placeholder={t('wallet.purse.amount')}
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            data-testid="purse-amount"
          />
          <div className={styles.words} data-testid="purse-words">
            {parsed.ok ? amountWords(fenToYuan(parsed.fen)) : ''}
          </div>
          <div className={styles.muted} data-testid="purse-problem">
            {overBalance ? t('serverErrors.wallet.insufficient') : ''}
          </div>
          <Button color="primary" block disabled={!parsed.ok || overBalance} onClick={() => void confirm()} data-testid="purse-confirm">
            {t('wallet.purse.confirm')}
          </Button>
        </div>
      </Popup>
      <PayPasscode
        visible={paying}
        title={t('wallet.purse.payTitle')}
        subtitle={parsed.ok ? `¥${fenToYuan(parsed.fen)}` : undefined}
        error={payError}
        onFill={pay}
        onClose={() => setPaying(false)}
      />
    </PageFrame>
  );
}
