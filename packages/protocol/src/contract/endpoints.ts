import type { z } from 'zod';
import type { EndpointDef } from './define.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { conversationsEndpoints } from './endpoints/conversations.ts';
import { friendsEndpoints } from './endpoints/friends.ts';
import { groupQrEndpoints } from './endpoints/groupQr.ts';
import { groupsEndpoints } from './endpoints/groups.ts';
import { messagesEndpoints } from './endpoints/messages.ts';
import { systemEndpoints } from './endpoints/system.ts';
import { translateEndpoints } from './endpoints/translate.ts';
import { uploadsEndpoints } from './endpoints/uploads.ts';
import { usersEndpoints } from './endpoints/users.ts';
import { redPacketEndpoints } from './endpoints/redpackets.ts';
import { walletEndpoints } from './endpoints/wallet.ts';
import { callsEndpoints } from './endpoints/calls.ts';
import { workEndpoints } from './endpoints/work.ts';
import { docsEndpoints } from './endpoints/docs.ts';
import { momentsEndpoints } from './endpoints/moments.ts';
import { favoritesEndpoints } from './endpoints/favorites.ts';
import { emojiEndpoints } from './endpoints/emoji.ts';
import { webPushEndpoints } from './endpoints/webPush.ts';

/**
 * Every HTTP endpoint, by name (design: Contract). The server registers its routes from this
 * table and nothing else; the web calls `api.call(name, body)` typed from it.
 * Add a domain: write `endpoints/<domain>.ts` and spread it here.
 */
export const endpoints = {
  ...systemEndpoints,
  ...authEndpoints,
  ...usersEndpoints,
  ...friendsEndpoints,
  ...conversationsEndpoints,
  ...messagesEndpoints,
  ...groupsEndpoints,
  ...groupQrEndpoints,
  ...uploadsEndpoints,
  ...walletEndpoints,
  ...redPacketEndpoints,
  ...callsEndpoints,
  ...translateEndpoints,
  ...workEndpoints,
  ...docsEndpoints,
  ...momentsEndpoints,
  ...favoritesEndpoints,
  ...emojiEndpoints,
  ...webPushEndpoints,
} satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** What a caller sends (before defaults and coercion). */
export type EndpointBody<K extends EndpointName> = z.input<Endpoints[K]['body']>;
/** What a handler receives (after parsing). */
export type EndpointParsedBody<K extends EndpointName> = z.output<Endpoints[K]['body']>;
/** The answer's `data`. */
export type EndpointData<K extends EndpointName> = z.output<Endpoints[K]['data']>;
export const ENDPOINT_NAMES = Object.keys(endpoints) as EndpointName[];

const byPath = new Map(ENDPOINT_NAMES.map((name) => [endpoints[name].path.toLowerCase(), name]));
/** The endpoint answering `path` (matched case-insensitively, like the server's router), if any. */
export function endpointOfPath(path: string): EndpointName | undefined {
  return byPath.get(path.split('?')[0]?.replace(/\/+$/, '').toLowerCase() ?? '');
}
