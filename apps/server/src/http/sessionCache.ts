import type { Listeners } from '../listeners.ts';
import type { Bus } from '../realtime/bus.ts';
import type { AuthUser, SessionResolver } from '../session.ts';

/** How long a resolved session is trusted without asking the database (a revocation drops it at once). */
export const SESSION_CACHE_MS = 5_000;
const ENTRIES_MAX = 50_000;

/**
 * Resolved sessions kept for a few seconds, so a busy client's requests cost no session query each.
 * Ending a session (logout, signing out a device, a password change) drops it here at once, and on
 * every other node through the bus; unknown tokens are never kept, so a new sign-in works at once.
 */
export function cachedSessions(resolver: SessionResolver, ended: Listeners<number[]>, bus: Bus, now: () => number = Date.now): SessionResolver {
  const byToken = new Map<string, { user: AuthUser; until: number }>();
  const drop = (sessionIds: number[]) => {
    const gone = new Set(sessionIds);
    for (const [token, entry] of byToken) if (gone.has(entry.user.sessionId)) byToken.delete(token);
  };
  ended.add((sessionIds) => {
    drop(sessionIds);
    bus.publish({ kind: 'sessionsEnded', sessionIds });
  });
  bus.onMessage((msg) => {
    if (msg.kind === 'sessionsEnded') drop(msg.sessionIds);
  });
  return {
    async resolve(token) {
      const hit = byToken.get(token);
      if (hit && hit.until > now()) return hit.user;
      const user = await resolver.resolve(token);
      if (!user) {
        byToken.delete(token);
        return null;
      }
      if (byToken.size >= ENTRIES_MAX) byToken.delete(byToken.keys().next().value as string);
      byToken.set(token, { user, until: now() + SESSION_CACHE_MS });
      return user;
    },
  };
}
