import type { OpenOutcome } from '@parley/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { CenterPopup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/index.ts';
import { useNavigate } from '../../../../router/hashRouter.tsx';
import { ApiError, api } from '../../../../api/client.ts';
import { showToast } from '../../../../components/feedback.tsx';
import { appContainer } from '../../../../layout.ts';
import { packetKey } from '../../../mine/walletKit/queries.ts';
import walletStyles from '../../../mine/walletKit/wallet.module.css';
import { PathTo } from '../../../../paths.ts';

/** A red packet's open dialog: the coin to tap, then the outcome, and a way to the details. */
export function RedPacketOpenDialog({ msgId, blessing, cover, sender, onClose }: { msgId: number; blessing: string; cover: string; sender: string; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<{ kind: OpenOutcome; amount: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // offline, the request would wait for the network unseen and open the packet later, unseen
    if (!navigator.onLine) {
      showToast(t('wallet.packet.offline'));
      return;
    }
    setBusy(true);
    try {
      const r = await api.call('openRedPacket', { msg_id: msgId });
      // the answer is small; the bubble and the details read the packet again
      void client.invalidateQueries({ queryKey: packetKey(msgId) });
      setOutcome({ kind: r.outcome, amount: r.amount });
    } catch (err) {
      // refused (the client showed why): nothing to open; lost on the network: the coin stays to tap again
      if (err instanceof ApiError && err.reason === 'refused') onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <CenterPopup visible onMaskClick={onClose} getContainer={appContainer} bodyStyle={{ background: 'transparent' }}>
      <div className={`${walletStyles.dialog} ${walletStyles[`cover_${cover}`] ?? walletStyles.cover_classic}`} data-testid="red-packet-dialog">
        <button type="button" className={walletStyles.dialogClose} onClick={onClose} aria-label={t('chat.close')} data-testid="red-packet-close">
          <CloseOutline />
        </button>
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
        <button type="button" className={walletStyles.dialogLink} onClick={() => navigate(PathTo.redPacketDetail(msgId))} data-testid="red-packet-details">
          {t('wallet.packet.details')}
        </button>
      </div>
    </CenterPopup>
  );
}
