import type { OpenOutcome } from '@parley/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { CenterPopup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/index.ts';
import { useNavigate } from '../../../../router/hashRouter.tsx';
import { api } from '../../../../api/client.ts';
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
        <button type="button" className={walletStyles.dialogLink} onClick={() => navigate(PathTo.redPacketDetail(msgId))} data-testid="red-packet-details">
          {t('wallet.packet.details')}
        </button>
      </div>
    </CenterPopup>
  );
}
