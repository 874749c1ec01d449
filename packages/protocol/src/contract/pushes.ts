import type { z } from 'zod';
import { authPushes } from './pushes/auth.ts';
import { conversationsPushes } from './pushes/conversations.ts';
import { friendsPushes } from './pushes/friends.ts';
import { groupsPushes } from './pushes/groups.ts';
import { messagesPushes } from './pushes/messages.ts';
import { profilePushes } from './pushes/profile.ts';
import { realtimePushes } from './pushes/realtime.ts';
import { systemPushes } from './pushes/system.ts';
import { walletPushes } from './pushes/wallet.ts';
import { callsPushes } from './pushes/calls.ts';
import { momentsPushes } from './pushes/moments.ts';

/**
 * Every server push, by type: `{type, data}` where `data` matches the schema here
 * (design: Realtime). Typing `hub.push<K>` on the server and `onPush<K>` on the web.
 * Add a domain: write `pushes/<domain>.ts` and spread it here.
 */
export const pushes = {
  ...realtimePushes,
  ...systemPushes,
  ...authPushes,
  ...friendsPushes,
  ...conversationsPushes,
  ...messagesPushes,
  ...groupsPushes,
  ...walletPushes,
  ...callsPushes,
  ...profilePushes,
  ...momentsPushes,
} satisfies Record<string, z.ZodType>;

export type Pushes = typeof pushes;
export type PushName = keyof Pushes;
export type PushData<K extends PushName> = z.output<Pushes[K]>;
export const PUSH_NAMES = Object.keys(pushes) as PushName[];
