import { z } from 'zod';
import {
  billBody,
  billEntrySchema,
  rechargeBody,
  setPayPasswordBody,
  walletInfoSchema,
  walletRequestSchema,
  walletRequestsBody,
  withdrawBody,
} from '../../wallet/schemas.ts';
import { endpoint } from '../define.ts';

export const walletEndpoints = {
  openWallet: endpoint({
    path: '/enterprise/wallet/open',
    access: 'user',
    body: z.object({}).loose(),
    data: walletInfoSchema,
    domain: 'wallet',
    summary: 'Open my wallet (idempotent); the payment password starts as 000000',
  }),
  walletInfo: endpoint({
    path: '/enterprise/wallet/info',
    access: 'user',
    body: z.object({}).loose(),
    data: walletInfoSchema,
    domain: 'wallet',
    summary: 'My wallet: opened or not, balance, pending requests, password state',
  }),
  setPayPassword: endpoint({
    path: '/enterprise/wallet/setPayPassword',
    access: 'user',
    role: 'wallet owner, with the current payment password',
    body: setPayPasswordBody,
    data: walletInfoSchema,
    domain: 'wallet',
    summary: 'Change the 6-digit payment password (current, new, new again)',
  }),
  recharge: endpoint({
    path: '/enterprise/wallet/recharge',
    access: 'user',
    body: rechargeBody,
    data: walletRequestSchema,
    domain: 'wallet',
    summary: 'Ask to recharge; the provider approves it (manual: an operator, sandbox: at once)',
  }),
  withdraw: endpoint({
    path: '/enterprise/wallet/withdraw',
    access: 'user',
    role: 'wallet owner, with the payment password',
    body: withdrawBody,
    data: walletRequestSchema,
    domain: 'wallet',
    summary: 'Ask to withdraw; the amount is held from the balance until approved or rejected',
  }),
  walletRequests: endpoint({
    path: '/enterprise/wallet/requests',
    access: 'user',
    body: walletRequestsBody,
    data: z.array(walletRequestSchema),
    domain: 'wallet',
    summary: 'My recharge and withdraw requests, newest first (filter by status)',
  }),
  getUserPriceLog: endpoint({
    path: '/enterprise/im/getUserPriceLog',
    access: 'user',
    body: billBody,
    data: z.array(billEntrySchema),
    domain: 'wallet',
    summary: 'My bill, newest first, paged (count), filtered by kind and month',
  }),
};
