import { runPeriodically } from '../../periodic.ts';
import { modulePlugin } from '../plugin.ts';
import { expireDuePackets } from './expiry.ts';
import { redPacketRoutes } from './routes.ts';
import { redPacketService } from './service.ts';

/** How often a server refunds expired packets. */
const SWEEP_MS = 2_000;

export const redPacketsModule = modulePlugin('redpackets', ['messages', 'users', 'wallet'], (app, { ctx, router }) => {
  redPacketRoutes(router, redPacketService(ctx, app.messages, app.wallet));
  runPeriodically(app, SWEEP_MS, 'red packet expiry', () => expireDuePackets(ctx, Date.now()));
});
