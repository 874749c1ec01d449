import type { Router } from '../../http/route.ts';
import type { WalletService } from './service.ts';

export function walletRoutes(r: Router, wallet: WalletService): void {
  r.handle('openWallet', ({ user }) => wallet.open(user.userId));
  r.handle('walletInfo', ({ user }) => wallet.info(user.userId));
  r.handle('setPayPassword', ({ user, body }) => wallet.setPayPassword(user.userId, body));
  r.handle('recharge', ({ user, body }) => wallet.recharge(user.userId, body.amount, body.client_id));
  r.handle('withdraw', ({ user, body }) => wallet.withdraw(user.userId, body.amount, body.password, body.client_id));
  r.handle('walletRequests', ({ user, body }) => wallet.requests(user.userId, body.status, body.page, body.limit));
  r.handle('getUserPriceLog', ({ user, body }) => wallet.bill(user.userId, body));
}
