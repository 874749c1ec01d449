import { runPeriodically } from '../../periodic.ts';
import { modulePlugin } from '../plugin.ts';
import { announceDecided } from './decide.ts';
import { walletRoutes } from './routes.ts';
import { type WalletService, walletService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** balances and the ledger, for the modules that move money (red packets) */
    wallet: WalletService;
  }
}

/** How often a server announces the withdrawal decisions made by the admin command. */
const ANNOUNCE_MS = 2_000;

export const walletModule = modulePlugin('wallet', ['auth'], (app, { ctx, router }) => {
  const wallet = walletService(ctx);
  app.decorate('wallet', wallet);
  walletRoutes(router, wallet);
  runPeriodically(app, ANNOUNCE_MS, 'wallet decision announcement', () => announceDecided(ctx.db, ctx.hub));
});
