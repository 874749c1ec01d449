import type { WalletInfo } from '@parley/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../api/client.ts';
import { onPush } from '../../../realtime/socket.ts';

export const WALLET_KEY = ['wallet'] as const;
export const BILL_KEY = ['wallet', 'bill'] as const;
export const REQUESTS_KEY = ['wallet', 'requests'] as const;
export const packetKey = (msgId: number) => ['redPacket', msgId] as const;

/**
 * My wallet, kept live: a balance push (a claim, an approval by the operator, a refund) updates
 * it at once and marks the bill and the requests stale.
 */
export function useWallet() {
  const client = useQueryClient();
  useEffect(() => {
    const offBalance = onPush('walletBalance', (data) => {
      client.setQueryData<WalletInfo>(WALLET_KEY, (old) => (old ? { ...old, balance: data.balance } : old));
      void client.invalidateQueries({ queryKey: WALLET_KEY });
    });
    const offRequest = onPush('walletRequest', () => void client.invalidateQueries({ queryKey: WALLET_KEY }));
    return () => {
      offBalance();
      offRequest();
    };
  }, [client]);
  return useQuery({ queryKey: WALLET_KEY, queryFn: ({ signal }) => api.call('walletInfo', {}, { signal }) });
}

/** A red packet's details; refreshed when someone opens it (`fresh`: refetched on every mount too). */
export function useRedPacket(msgId: number, enabled = true, fresh = false) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return onPush('redPacketOpened', (data) => {
      if (data.msg_id === msgId) void client.invalidateQueries({ queryKey: packetKey(msgId) });
    });
  }, [client, msgId, enabled]);
  return useQuery({
    queryKey: packetKey(msgId),
    queryFn: ({ signal }) => api.call('getRedPacket', { msg_id: msgId }, { signal, silent: true }),
    enabled: enabled && msgId > 0,
    staleTime: fresh ? 0 : 30_000,
    retry: false,
  });
}

/** The local timezone offset the server uses for month and year bounds. */
export const tzOffset = () => new Date().getTimezoneOffset();
