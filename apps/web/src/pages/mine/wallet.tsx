import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Grid, Toast } from 'antd-mobile';
import '../../components/antdRender.ts';
import { BillOutline, GiftOutline, LockOutline, PayCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { api } from '../../api/client.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { QueryFailed } from '../../components/QueryFailed.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { ChangePayPassword } from './walletKit/ChangePayPassword.tsx';
import { useWallet, WALLET_KEY } from './walletKit/queries.ts';
import styles from './walletKit/wallet.module.css';
import { Paths } from '../../paths.ts';

/** `#/pages/mine/wallet`: the services grid (balance, bill, red packets, payment password), or opening the wallet. */
export default function WalletPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const wallet = useWallet();
  const [changing, setChanging] = useState(false);

  const open = async () => {
    const waiting = Toast.show({ icon: 'loading', content: t('wallet.open.opening'), duration: 0 });
    try {
      const info = await api.call('openWallet', {});
      client.setQueryData(WALLET_KEY, info);
      waiting.close();
      const change = await Dialog.confirm({
        content: t('wallet.open.done'),
        confirmText: t('wallet.password.changeNow'),
        cancelText: t('wallet.password.later'),
      });
      if (change) setChanging(true);
    } catch {
      waiting.close();
    }
  };

  const info = wallet.data;
  return (
    <PageFrame title={t(titleKey)} testId="wallet-page">
      {!info && wallet.isError ? (
        <QueryFailed error={wallet.error} onRetry={() => void wallet.refetch()} />
      ) : !info ? (
        <PageLoading />
      ) : !info.opened ? (
        <div className={styles.openBox}>
          <PayCircleOutline fontSize={56} color="#07c160" />
          <div>{t('wallet.open.title')}</div>
          <div className={styles.muted}>{t('wallet.open.hint')}</div>
          <Button color="primary" block onClick={() => void open()} data-testid="wallet-open">
            {t('wallet.open.button')}
          </Button>
        </div>
      ) : (
        <div className={styles.grid}>
          <Grid columns={2} gap={0}>
            <Service icon={<PayCircleOutline />} label={t('wallet.services.balance')} value={`¥${info.balance}`} testId="wallet-balance" onClick={() => navigate(Paths.purse)} />
            <Service icon={<BillOutline />} label={t('wallet.services.bill')} testId="wallet-bill" onClick={() => navigate(Paths.bill)} />
            <Service icon={<GiftOutline />} label={t('wallet.services.log')} testId="wallet-log" onClick={() => navigate(Paths.redPacketLog)} />
            <Service
              icon={<LockOutline />}
              label={t('wallet.services.password')}
              value={info.mustChangePassword ? t('wallet.password.defaultHint') : undefined}
              testId="wallet-password"
              onClick={() => setChanging(true)}
            />
          </Grid>
        </div>
      )}
      <ChangePayPassword visible={changing} isDefault={info?.mustChangePassword ?? false} onClose={() => setChanging(false)} />
    </PageFrame>
  );
}

function Service(props: { icon: React.ReactNode; label: string; value?: string; testId: string; onClick(): void }) {
  return (
    <Grid.Item>
      <button type="button" className={styles.service} onClick={props.onClick} data-testid={props.testId}>
        <span className={styles.serviceIcon}>{props.icon}</span>
        <span>{props.label}</span>
        {props.value ? <span className={styles.serviceValue}>{props.value}</span> : null}
      </button>
    </Grid.Item>
  );
}
