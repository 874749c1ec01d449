import { randomBytes } from 'node:crypto';

/**
 * Who is online on the other nodes (design: Scale-out). Each node keeps the set of its online
 * users in Redis under its own key, with an expiry it keeps renewing: a node that dies (even by
 * SIGKILL) drops out when its key expires. Changes also travel on the bus at once
 * (`Hub` hands them to `remoteChange`), so the view is fresh between the periodic reloads.
 * Without Redis there are no other nodes (`soloPresence`).
 */
export interface Presence {
  readonly nodeId: string;
  /** this node's first socket of the user bound (true) or its last one closed (false) */
  setLocal(userId: number, online: boolean): void;
  /** a change another node announced on the bus */
  remoteChange(nodeId: string, userId: number, online: boolean): void;
  /** online on another live node */
  elsewhere(userId: number): boolean;
  /** users who went offline because their node stopped renewing its key (reported by one node only) */
  onLost(listener: (userIds: number[]) => void): void;
  close(): Promise<void>;
}

export function soloPresence(): Presence {
  return {
    nodeId: 'solo',
    setLocal: () => undefined,
    remoteChange: () => undefined,
    elsewhere: () => false,
    onLost: () => undefined,
    close: async () => {},
  };
}

export interface RedisPresenceOptions {
  /** how long a node's key lives without renewal */
  ttlMs?: number;
  /** how often a node renews its key and reloads the others' */
  refreshMs?: number;
}

export async function redisPresence(url: string, prefix: string, opts: RedisPresenceOptions = {}): Promise<Presence> {
  const ttlMs = opts.ttlMs ?? 10_000;
  const refreshMs = opts.refreshMs ?? 2_000;
  const nodeId = randomBytes(8).toString('hex');
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  const keyOf = (node: string) => `${prefix}:presence:${node}`;
  const mine = keyOf(nodeId);
  const local = new Set<number>();
  /** the other nodes' online users, as last seen */
  let others = new Map<string, Set<number>>();
  const lostListeners: ((userIds: number[]) => void)[] = [];

  async function renew(): Promise<void> {
    const multi = redis.multi().del(mine);
    if (local.size > 0) multi.sadd(mine, ...[...local].map(String));
    // an empty node still says it is alive
    multi.sadd(mine, '0').pexpire(mine, ttlMs);
    await multi.exec();
  }

  async function reload(): Promise<void> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:presence:*`, 'COUNT', 500);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    const next = new Map<string, Set<number>>();
    for (const key of keys) {
      const node = key.slice(`${prefix}:presence:`.length);
      if (node === nodeId) continue;
      const members = await redis.smembers(key);
      next.set(node, new Set(members.map(Number).filter((id) => id > 0)));
    }
    const before = others;
    others = next;
    // Users of nodes that vanished: the live node with the smallest id tells their friends.
    const vanished = [...before.keys()].filter((node) => !next.has(node));
    const leader = [nodeId, ...next.keys()].sort()[0] === nodeId;
    if (vanished.length > 0 && leader) {
      const lost = new Set<number>();
      for (const node of vanished) for (const id of before.get(node) ?? []) lost.add(id);
      const gone = [...lost].filter((id) => !local.has(id) && !elsewhere(id));
      if (gone.length > 0) for (const l of lostListeners) l(gone);
    }
  }

  function elsewhere(userId: number): boolean {
    for (const users of others.values()) if (users.has(userId)) return true;
    return false;
  }

  let writing: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      await renew();
      await reload();
    } catch {
      // Redis unreachable for a moment: the next tick tries again
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), refreshMs);
  timer.unref();

  return {
    nodeId,
    setLocal(userId, online) {
      if (online) local.add(userId);
      else local.delete(userId);
      writing = writing
        .then(() => (online ? redis.sadd(mine, String(userId)) : redis.srem(mine, String(userId))))
        .then(() => undefined)
        .catch(() => undefined);
    },
    remoteChange(node, userId, online) {
      if (node === nodeId) return;
      let users = others.get(node);
      if (!users) {
        users = new Set();
        others.set(node, users);
      }
      if (online) users.add(userId);
      else users.delete(userId);
    },
    elsewhere,
    onLost(listener) {
      lostListeners.push(listener);
    },
    async close() {
      clearInterval(timer);
      await writing;
      await redis.del(mine).catch(() => undefined);
      redis.disconnect();
    },
  };
}
