import type { FastifyInstance } from 'fastify';
import { authModule } from './auth/plugin.ts';
import { callsModule } from './calls/plugin.ts';
import { conversationsModule } from './conversations/plugin.ts';
import { docsModule } from './docs/plugin.ts';
import { emojiModule } from './emoji/plugin.ts';
import { favoritesModule } from './favorites/plugin.ts';
import { friendsModule } from './friends/plugin.ts';
import { groupsModule } from './groups/plugin.ts';
import { messagesModule } from './messages/plugin.ts';
import { momentsModule } from './moments/plugin.ts';
import type { ModuleOptions } from './plugin.ts';
import { redPacketsModule } from './redpackets/plugin.ts';
import { systemModule } from './system/plugin.ts';
import type { SystemService } from './system/service.ts';
import { translateModule } from './translate/plugin.ts';
import { uploadsModule } from './uploads/plugin.ts';
import { usersModule } from './users/plugin.ts';
import { walletModule } from './wallet/plugin.ts';
import { webPushModule } from './webpush/plugin.ts';
import { workModule } from './work/plugin.ts';

/** Every domain plugin except system, each after the domains it depends on. */
export const domainModules = [
  authModule,
  usersModule,
  uploadsModule,
  workModule,
  conversationsModule,
  messagesModule,
  friendsModule,
  groupsModule,
  translateModule,
  docsModule,
  momentsModule,
  favoritesModule,
  emojiModule,
  walletModule,
  redPacketsModule,
  webPushModule,
  callsModule,
];

/** Registers every domain; once it resolves, `ctx.sessions` is the auth module's resolver. */
export async function registerModules(app: FastifyInstance, options: ModuleOptions & { system: SystemService }): Promise<void> {
  await app.register(systemModule, options);
  for (const module of domainModules) await app.register(module, options);
}
