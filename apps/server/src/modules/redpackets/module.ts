import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Router } from '../../http/route.ts';
import { messageService } from '../messages/service.ts';
import type { SystemService } from '../system/service.ts';
import { announceDecided } from '../wallet/decide.ts';
import { walletRoutes } from '../wallet/routes.ts';
import { walletService } from '../wallet/service.ts';
import { expireDuePackets } from './expiry.ts';
import { redPacketRoutes } from './routes.ts';
import { redPacketService } from './service.ts';

/** How often a server refunds expired packets and announces decisions made by the admin command. */
const SWEEP_MS = 2_000;

/** The wallet and red packets: routes, and the sweeper that runs beside them while the server is up. */
export function registerWalletAndRedPackets(router: Router, ctx: AppContext, system: SystemService, app: FastifyInstance): void {
  const wallet = walletService(ctx);
  walletRoutes(router, wallet);
  redPacketRoutes(router, redPacketService(ctx, messageService(ctx, system), wallet));
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await expireDuePackets(ctx, Date.now());
      await announceDecided(ctx.db, ctx.hub);
    } catch (err) {
      ctx.log.warn({ err }, 'wallet sweep failed');
    } finally {
      running = false;
    }
  }, SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
