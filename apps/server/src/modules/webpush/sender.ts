import { WEB_PUSH_TTL_SECONDS } from '@parley/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { heavyLane } from '../../http/heavyLane.ts';
import type { PushTarget } from './store.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The VAPID contact a push service may write to about this server's pushes. */
export const VAPID_SUBJECT = 'mailto:admin@parley.invalid';
/** The longest one push request may take. */
const SEND_TIMEOUT_MS = 10_000;
/** Push requests in flight at once (senders take turns); pushes waiting beyond QUEUED_MAX are dropped. */
const IN_FLIGHT_MAX = 16;
const QUEUED_MAX = 20_000;

/** 'gone': the push service no longer knows the subscription (404, 410) and it should be deleted. */
export type SendOutcome = 'sent' | 'gone' | 'failed';

/** `web-push`, loaded on first use rather than at every start. */
let library: Promise<typeof import('web-push')> | undefined;
export const webPushLibrary = () => {
  library ??= import('web-push').then((m) => (m as { default?: typeof import('web-push') }).default ?? m);
  return library;
};

/**
 * How pushes are posted: to public push services only (`endpointGuard.ts`: undici's fetch on sockets
 * whose name lookups refuse inner addresses), or, with `WEB_PUSH_PRIVATE_ENDPOINTS` (tests, a push
 * service on this machine), anywhere with the global fetch. undici is loaded on first use.
 */
let publicFetch: Promise<typeof fetch> | undefined;
function fetcherFor(publicOnly: boolean): Promise<typeof fetch> {
  if (!publicOnly) return Promise.resolve(fetch);
  publicFetch ??= Promise.all([import('undici'), import('./endpointGuard.ts')]).then(([undici, guard]) => {
    const dispatcher = new undici.Agent({ connect: { lookup: guard.publicOnlyLookup } });
    return ((url: string, init: RequestInit) => undici.fetch(url, { ...(init as object), dispatcher })) as unknown as typeof fetch;
  });
  return publicFetch;
}

/**
 * Sends encrypted pushes (RFC 8291 aes128gcm, VAPID RFC 8292): `web-push` encrypts and signs,
 * `fetch` posts (to public https push services unless `publicOnly` is off), at most IN_FLIGHT_MAX at once.
 */
export function pushSender(keys: VapidKeys, log: Pick<FastifyBaseLogger, 'warn'>, publicOnly = true) {
  const lane = heavyLane({ concurrency: IN_FLIGHT_MAX, restRatio: 0 });

  async function post(target: PushTarget, payload: string): Promise<SendOutcome> {
    // kept from before the check, or a literal address (no name lookup to refuse it): never a push service
    if (publicOnly && !(await import('./endpointGuard.ts')).isPublicEndpoint(target.endpoint)) return 'gone';
    const post = await fetcherFor(publicOnly);
    const { generateRequestDetails } = await webPushLibrary();
    const request = generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: { subject: VAPID_SUBJECT, ...keys },
      TTL: WEB_PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)] as [string, string]);
    const res = await post(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.ok) return 'sent';
    log.warn({ status: res.status, host: new URL(target.endpoint).host }, 'a push service refused a push');
    return 'failed';
  }

  return {
    /** Sends one push; `from` (the message's sender) takes turns with other senders. Never throws. */
    async send(from: number, target: PushTarget, payload: string): Promise<SendOutcome> {
      if (lane.waitingCount() >= QUEUED_MAX) {
        log.warn({ queued: QUEUED_MAX }, 'too many pushes waiting: one dropped');
        return 'failed';
      }
      try {
        return await lane.run(from, () => post(target, payload));
      } catch (err) {
        log.warn({ err, host: new URL(target.endpoint).host }, 'a push could not be sent');
        return 'failed';
      }
    },
  };
}

export type PushSender = ReturnType<typeof pushSender>;
