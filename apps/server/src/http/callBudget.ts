import { ENDPOINT_PATHS, RATE_LIMITS, type RateLimit, SOCKET_CALLS, type SocketCallName } from '@parley/protocol';
import { httpRefusal } from '../domainError.ts';
import { perUserLimit } from '../perUserLimit.ts';

const budgetOf = (name: SocketCallName): RateLimit | undefined =>
  Object.values(RATE_LIMITS).find((limit: RateLimit) => limit.paths.includes(ENDPOINT_PATHS[name].toLowerCase()));

/** The RATE_LIMITS paths counted here rather than by `@fastify/rate-limit`: those a socket may call too. */
export const SOCKET_CALL_PATHS = new Set(SOCKET_CALLS.map((name) => ENDPOINT_PATHS[name].toLowerCase()));

/**
 * The per-user budget of a socket-callable endpoint (RATE_LIMITS), one count for both ways in, so
 * that calling over the socket and over HTTP share it. Throws the 429 refusal when the user is over it.
 */
export function callBudget(name: SocketCallName, scale: number): (userId: number) => void {
  const budget = budgetOf(name);
  if (!budget) return () => undefined;
  const limit = perUserLimit(Math.ceil(budget.max * scale), budget.windowMs);
  return (userId) => {
    if (!limit.take(userId)) throw httpRefusal(429, 'security.rateLimited', { seconds: Math.max(1, Math.ceil(limit.resetInMs(userId) / 1000)) });
  };
}
