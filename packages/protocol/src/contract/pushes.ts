import type { z } from 'zod';
import { profilePushes } from './pushes/profile.ts';
import { systemPushes } from './pushes/system.ts';

/**
 * Every server push, by type: `{type, data}` where `data` matches the schema here
 * (design: Realtime). Typing `hub.push<K>` on the server and `onPush<K>` on the web.
 * Add a domain: write `pushes/<domain>.ts` and spread it here.
 */
export const pushes = {
  ...systemPushes,
  ...profilePushes,
} satisfies Record<string, z.ZodType>;

export type Pushes = typeof pushes;
export type PushName = keyof Pushes;
export type PushData<K extends PushName> = z.output<Pushes[K]>;
