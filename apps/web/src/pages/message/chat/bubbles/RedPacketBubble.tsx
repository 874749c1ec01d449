import type { OpenOutcome, RedPacketDetails } from '@parley/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { CenterPopup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/index.ts';
import { useNavigate } from '../../../../router/hashRouter.tsx';
import { api } from '../../../../api/client.ts';
import { appContainer } from '../../../../layout.ts';
import type { ChatItem } from '../../../../stores/messageList.ts';
import { packetKey, useRedPacket } from '../../../mine/walletKit/queries.ts';
import walletStyles from '../../../mine/walletKit/wallet.module.css';
import styles from './Bubbles.module.css';
import { PathTo } from '../../../../paths.ts';

type BubbleState = 'unopened' | 'opened' | 'soldOut' | 'expired';

/** What the bubble says about a packet for me. */
export function bubbleStateOf(p: RedPacketDetails | undefined): BubbleState {
  if (!p) return 'unopened';
  if (p.mine !== null) return 'opened';
  if (p.status === 'expired') return 'expired';
  if (p.status === 'finished') return 'soldOut';
  if (!p.canOpen && p.claimedCount > 0) return 'opened';
  return 'unopened';
}

export const detailPath = PathTo.redPacketDetail;

/** A red packet in the chat: its state for me, and the open dialog with the outcome. */
export function RedPacketBubble({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const msgId = message.msg_id ?? 0;
  const packet = useRedPacket(msgId, msgId > 0);
  const [dialog, setDialog] = useState(false);
  const state = bubbleStateOf(packet.data);
  const blessing = String(message.extends.blessing ?? '') || message.content || t('wallet.packet.defaultBlessing');
  const cover = String(message.extends.cover ?? 'classic');
  const tap = () => {
    if (!msgId) return;
    if (packet.data && !packet.data.canOpen) navigate(detailPath(msgId));
    else setDialog(true);
  };
  return (
    <>
      <button
        type="button"
        className={styles.redPacket}
        style={state === 'unopened' ? undefined : { opacity: 0.65 }}
        onClick={tap}
        data-testid="bubble-red-packet"
        data-state={state}
      >
        <span className={styles.cardBody}>
          <span className={styles.packetIcon} aria-hidden="true">
            🧧
          </span>
          <span className={styles.cardText}>
            <span className={styles.cardTitle}>{blessing}</span>
            {state !== 'unopened' ? <span>{t(`wallet.packet.${state}`)}</span> : null}
          </span>
        </span>
        <span className={styles.cardFoot}>{t('wallet.packet.label')}</span>
      </button>
      {dialog ? (
        <OpenDialog msgId={msgId} blessing={blessing} cover={cover} sender={packet.data?.sender.displayName ?? message.fromUser.displayName} onClose={() => setDialog(false)} />
      ) : null}
    </>
  );
}

function OpenDialog({ msgId, blessing, cover, sender, onClose }: { msgId: number; blessing: string; cover: string; sender: string; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<{ kind: OpenOutcome; amount: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const r = await api.call('openRedPacket', { msg_id: msgId });
      // the answer is small; the bubble and the details read the packet again
      void client.invalidateQueries({ queryKey: packetKey(msgId) });
      setOutcome({ kind: r.outcome, amount: r.amount });
    } catch {
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <CenterPopup visible onMaskClick={onClose} getContainer={appContainer} bodyStyle={{ background: 'transparent' }}>
      <div className={`${walletStyles.dialog} ${walletStyles[`cover_${cover}`] ?? walletStyles.cover_classic}`} data-testid="red-packet-dialog">
        <div>{t('wallet.packet.from', { name: sender })}</div>
        <div>{blessing}</div>
        {outcome ? (
          <div className={walletStyles.outcome} data-testid="red-packet-outcome" data-outcome={outcome.kind}>
            {t(`wallet.packet.outcome.${outcome.kind}`, { amount: outcome.amount ?? '' })}
          </div>
        ) : (
          <button type="button" className={walletStyles.openCoin} disabled={busy} onClick={() => void open()} data-testid="red-packet-open">
            {t('wallet.packet.open')}
          </button>
        )}
        <button type="button" className={walletStyles.dialogLink} onClick={() => navigate(detailPath(msgId))} data-testid="red-packet-details">
          {t('wallet.packet.details')}
        </button>
      </div>
    </CenterPopup>
  );
}
