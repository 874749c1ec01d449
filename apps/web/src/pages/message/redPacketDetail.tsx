import { List } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/index.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { QueryFailed } from '../../components/QueryFailed.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { useRedPacket } from '../mine/walletKit/queries.ts';
import styles from '../mine/walletKit/wallet.module.css';

/** `#/pages/message/redPacketDetail?msg_id=<n>`: a packet's claims, the luckiest one and my share. */
export default function RedPacketDetailPage({ query }: PageProps) {
  const { t } = useTranslation();
  const msgId = Number(query.msg_id) || 0;
  const packet = useRedPacket(msgId, true, true);
  const p = packet.data;
  return (
    <PageFrame title={t('wallet.packet.label')} testId="red-packet-detail">
      {msgId <= 0 ? (
        <MissingTarget />
      ) : packet.isError && !p ? (
        <QueryFailed error={packet.error} onRetry={() => void packet.refetch()} />
      ) : !p ? (
        <PageLoading />
      ) : (
        <>
          <div className={styles.detailHead}>
            <Avatar name={p.sender.displayName} avatar={p.sender.avatar} color={p.sender.avatar_color} size={48} />
            <div className={styles.detailName}>{t('wallet.packet.from', { name: p.sender.displayName })}</div>
            <div className={styles.detailBlessing}>{p.blessing || t('wallet.packet.defaultBlessing')}</div>
            {p.mine !== null ? (
              <div className={styles.detailMine} data-testid="red-packet-mine">
                ¥{p.mine}
              </div>
            ) : null}
          </div>
          <List
            header={
              <span data-testid="red-packet-progress">
                {t('wallet.packet.claimed', { claimed: p.claimedCount, count: p.count, claimedTotal: p.claimedTotal, total: p.total })}
                {p.status === 'expired' ? ` · ${t('wallet.packet.refunded', { amount: p.refunded })}` : ''}
              </span>
            }
          >
            {p.claims.map((c) => (
              <List.Item
                key={c.user.id}
                prefix={<Avatar name={c.user.displayName} avatar={c.user.avatar} color={c.user.avatar_color} size={36} />}
                description={dayjs(c.time).format('MM-DD HH:mm:ss')}
                extra={
                  <span>
                    ¥{c.amount}
                    {c.lucky ? (
                      <div className={styles.lucky} data-testid="red-packet-lucky">
                        {t('wallet.packet.lucky')}
                      </div>
                    ) : null}
                  </span>
                }
                data-testid="red-packet-claim"
              >
                {c.user.displayName}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </PageFrame>
  );
}
