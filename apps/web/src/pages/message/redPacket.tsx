import {
  checkRedPacketAmount,
  checkRedPacketNumber,
  fenToYuan,
  isGroupContactId,
  RED_PACKET_BLESSING_MAX,
  RED_PACKET_COVERS,
  type RedPacketCover,
  type RedPacketKind,
  redPacketSplitProblem,
  yuanToFen,
} from '@parley/protocol';
import { Button, Input, List, Tabs, TextArea } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { amountWords } from '../../i18n/amountWords.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { api } from '../../api/client.ts';
import { showToast } from '../../components/feedback.tsx';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { PayPasscode } from '../mine/walletKit/PayPasscode.tsx';
import { useWallet } from '../mine/walletKit/queries.ts';
import styles from '../mine/walletKit/wallet.module.css';

/**
 * `#/pages/message/redPacket?toContactId=<id>&is_group=<0|1>`: the send form. Random (a total
 * split among the number) or fixed (an amount each); the amount in words while typing; a cover;
 * paid with the payment password in a PasscodeInput.
 */
export default function RedPacketPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const contactId = query.toContactId ?? '';
  if (!contactId) {
    // opened without a chat (a stale link): nobody to send it to
    return (
      <PageFrame title={t(titleKey)} testId="red-packet-page">
        <MissingTarget text={t('chat.noContact')} />
      </PageFrame>
    );
  }
  return <RedPacketForm contactId={contactId} query={query} titleKey={titleKey} />;
}

function RedPacketForm({ contactId, query, titleKey }: { contactId: string } & Pick<PageProps, 'query' | 'titleKey'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isGroup = query.is_group === '1' || isGroupContactId(contactId);
  const [kind, setKind] = useState<RedPacketKind>('random');
  const [amount, setAmount] = useState('');
  const [count, setCount] = useState(isGroup ? '' : '1');
  const [blessing, setBlessing] = useState('');
  const [cover, setCover] = useState<RedPacketCover>('classic');
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState('');
  const [id] = useState(() => crypto.randomUUID());

  const amountError = checkRedPacketAmount(amount);
  const countError = checkRedPacketNumber(count);
  const balance = useWallet().data?.balance;
  const fen = yuanToFen(amount.trim());
  // what the server would refuse, said before the payment password is asked
  const splitProblem = fen === null || fen === 0 || countError ? null : redPacketSplitProblem(kind, fen, Number(count), isGroup);
  const totalFen = useMemo(() => {
    if (fen === null || countError) return null;
    return kind === 'fixed' ? fen * Number(count) : fen;
  }, [fen, count, kind, countError]);
  const balanceFen = balance === undefined ? null : yuanToFen(balance);
  const problem = splitProblem
    ? t(`serverErrors.${splitProblem.key}`, 'params' in splitProblem ? splitProblem.params : {})
    : totalFen !== null && balanceFen !== null && totalFen > balanceFen
      ? t('serverErrors.wallet.insufficient')
      : '';

  const pay = async (password: string) => {
    setPayError('');
    try {
      await api.call(
        'sendRedPacket',
        { id, toContactId: contactId, is_group: isGroup ? 1 : 0, kind, amount: amount.trim(), count, blessing, cover, password },
        { silent: true },
      );
      showToast(t('wallet.packet.sent'), 'success');
      setPaying(false);
      navigate(-1);
    } catch (err) {
      setPayError((err as Error).message);
    }
  };

  const total = totalFen === null ? '0.00' : fenToYuan(totalFen);
  return (
    <PageFrame title={t(titleKey)} testId="red-packet-page">
      <Tabs activeKey={kind} onChange={(k) => setKind(k as RedPacketKind)}>
        <Tabs.Tab title={t('wallet.packet.random')} key="random" />
        <Tabs.Tab title={t('wallet.packet.fixed')} key="fixed" />
      </Tabs>
      <div className={styles.packetForm}>
        <List mode="card">
          {isGroup ? (
            <List.Item title={t('wallet.packet.count')}>
              <Input value={count} onChange={setCount} inputMode="numeric" placeholder={t('wallet.packet.countPlaceholder')} data-testid="packet-count" />
            </List.Item>
          ) : null}
          <List.Item title={kind === 'random' ? t('wallet.packet.total') : t('wallet.packet.each')}>
            <Input value={amount} onChange={setAmount} inputMode="decimal" placeholder="0.00" data-testid="packet-amount" />
          </List.Item>
          <List.Item title={t('wallet.packet.blessing')}>
            <TextArea
              value={blessing}
              onChange={setBlessing}
              maxLength={RED_PACKET_BLESSING_MAX}
              rows={1}
              autoSize
              placeholder={t('wallet.packet.defaultBlessing')}
              data-testid="packet-blessing"
            />
          </List.Item>
        </List>
        <div className={styles.words} data-testid="packet-words">
          {amount.trim() && !amountError ? t('wallet.packet.inWords', { words: amountWords(amount.trim()) }) : ''}
        </div>
        <div>{t('wallet.packet.cover')}</div>
        <div className={styles.covers}>
          {RED_PACKET_COVERS.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={cover === c}
              className={`${styles.cover} ${styles[`cover_${c}`]} ${cover === c ? styles.coverPicked : ''}`}
              onClick={() => setCover(c)}
              data-testid={`packet-cover-${c}`}
            >
              {t(`wallet.packet.covers.${c}`)}
            </button>
          ))}
        </div>
        <div className={styles.bigAmount} data-testid="packet-total">
          ¥{total}
        </div>
        <div className={styles.muted}>{amount && amountError ? t('wallet.packet.amountRequired') : ''}</div>
        <div className={styles.muted}>{isGroup && count && countError ? t('wallet.packet.countInvalid') : ''}</div>
        <div className={styles.muted} data-testid="packet-problem">
          {problem}
        </div>
        <Button color="danger" block disabled={totalFen === null || problem !== ''} onClick={() => setPaying(true)} data-testid="packet-send">
          {t('wallet.packet.send', { amount: total })}
        </Button>
        <div className={styles.muted}>{t('wallet.packet.expiry')}</div>
      </div>
      <PayPasscode
        visible={paying}
        title={t('wallet.purse.payTitle')}
        subtitle={`¥${total}`}
        error={payError}
        onFill={pay}
        onClose={() => setPaying(false)}
      />
    </PageFrame>
  );
}
