import type { RedPacketDetails } from '@parley/protocol';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/index.ts';
import { useNavigate } from '../../../../router/hashRouter.tsx';
import type { ChatItem } from '../../../../stores/messageList.ts';
import { useRedPacket } from '../../../mine/walletKit/queries.ts';
import { RedPacketOpenDialog } from '../sheets.ts';
import styles from './Bubbles.module.css';
import { PathTo } from '../../../../paths.ts';
import { useRemarkedName } from '../../../../stores/friends.ts';

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
  const sender = useRemarkedName(message.fromUser.id, packet.data?.sender.displayName ?? message.fromUser.displayName);
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
        <RedPacketOpenDialog msgId={msgId} blessing={blessing} cover={cover} sender={sender} onClose={() => setDialog(false)} />
      ) : null}
    </>
  );
}
