import type { OwnSocket } from './ownSocket.ts';

/** Who a push goes to; each node delivers to the sockets it holds. */
export interface Audience {
  users?: number[];
  sessions?: number[];
  clientIds?: string[];
  /** restricts `clientIds` to sockets bound to this user */
  ofUser?: number;
  all?: boolean;
}

export type BusMessage =
  | { kind: 'push'; to: Audience; frame: string; exceptClientId?: OwnSocket; close?: boolean }
  | { kind: 'bind'; clientId: string; userId: number; sessionId: number }
  /** a node's first socket of a user bound, or its last one closed (see presence.ts) */
  | { kind: 'presence'; nodeId: string; userId: number; online: boolean }

  | { kind: 'close'; to: Audience }
  /** a group's members changed: every node drops its cached member set (groups/membership.ts) */
  | { kind: 'groupMembers'; groupId: number }
  /** a friendship was removed: every node forgets it (friends/relations.ts) */
  | { kind: 'friendshipEnded'; users: [number, number] }
  /** a user's name or avatar changed: every node reads their card again (users/senderCards.ts) */
  | { kind: 'userCardChanged'; userId: number }
  /** sessions ended (logout, signed out): every node forgets them (http/sessionCache.ts) */
  | { kind: 'sessionsEnded'; sessionIds: number[] };

export interface Bus {
  publish(msg: BusMessage): void;
  onMessage(handler: (msg: BusMessage) => void): void;
  close(): Promise<void>;
}

export function localBus(): Bus {
  const handlers: ((msg: BusMessage) => void)[] = [];
  return {
    publish: (msg) => {
      for (const h of handlers) h(msg);
    },
    onMessage: (h) => {
      handlers.push(h);
    },
    close: async () => {},
  };
}

const CHANNEL = 'parley:bus';

/** Redis pub/sub: every node publishes, every node (itself included) delivers to its own sockets. */
export async function redisBus(url: string, channel = CHANNEL): Promise<Bus> {
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel);
  const handlers: ((msg: BusMessage) => void)[] = [];
  sub.on('message', (_ch: string, raw: string) => {
    let msg: BusMessage;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    for (const h of handlers) h(msg);
  });
  return {
    publish: (msg) => {
      // after close (shutdown, a test's teardown) a publish fails: the push is gone with the node
      pub.publish(channel, JSON.stringify(msg)).catch(() => undefined);
    },
    onMessage: (h) => {
      handlers.push(h);
    },
    close: async () => {
      sub.disconnect();
      pub.disconnect();
    },
  };
}
