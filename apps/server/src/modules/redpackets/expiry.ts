import { fenToYuan } from '@parley/protocol';
import type { Db, Dialect } from '../../db/index.ts';
import type { Hub } from '../../realtime/hub.ts';
import { postSystemNotice } from '../messages/deliver.ts';
import { SYSTEM_ACCOUNTS, transfer, userAccount } from '../wallet/ledger.ts';
import { redPacketStore } from './store.ts';

export interface ExpiryDeps {
  db: Db;
  dialect: Dialect;
  hub: Hub;
  secret?: string;
}

const BATCH = 200;

/**
 * Refunds red packets whose 24 hours are over (`now` is injected: the server passes the clock,
 * tests a fake one). Each packet closes once, in one transaction with its refund; the sender gets
 * a bill entry (redpacket_refund), the balance push and a system notice. Answers how many closed.
 */
export async function expireDuePackets(deps: ExpiryDeps, now: number): Promise<number> {
  let closed = 0;
  for (const msgId of await redPacketStore.due(deps.db, now, BATCH)) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const row = await redPacketStore.expire(trx, msgId, now);
      if (!row) return null;
      const refunded = Number(row.refunded);
      if (refunded === 0) return { sender: row.sender_id, refunded, balance: null };
      const balances = await transfer(trx, {
        kind: 'redpacket_refund',
        ref: msgId,
        from: SYSTEM_ACCOUNTS.escrow,
        to: userAccount(row.sender_id),
        amount: refunded,
        now,
      });
      return { sender: row.sender_id, refunded, balance: balances.get(row.sender_id) ?? null };
    });
    if (!done) continue;
    closed++;
    if (done.balance !== null) {
      deps.hub.pushUsers([done.sender], 'walletBalance', { balance: fenToYuan(done.balance), reason: 'redpacket_refund' });
      await postSystemNotice(
        deps,
        `Your red packet was not fully claimed within 24 hours: ¥${fenToYuan(done.refunded)} went back to your wallet.`,
        done.sender,
        { event: 'redPacketRefund', amount: fenToYuan(done.refunded), msg_id: msgId },
      );
    }
  }
  return closed;
}
