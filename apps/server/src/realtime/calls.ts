import { type Envelope, errors, type SocketCallName } from '@parley/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError, fail } from '../domainError.ts';
import type { AuthUser } from '../http/auth.ts';
import { refusal } from '../http/envelope.ts';
import type { SocketCall } from '../http/route.ts';
import { frameOf } from './hub.ts';

const MAX_SEQ = 2 ** 31 - 1;

/**
 * Runs `call` frames (design: Realtime): an endpoint of SOCKET_CALLS on a bound socket, with the same
 * access rule, body check, budget and handler as over HTTP; answers the `answer` frame to write, with
 * the frame's `seq` and the envelope HTTP would have answered. A frame without a usable `seq` gets an
 * `error` frame instead, since nothing could match its answer.
 */
export function socketCalls(
  calls: ReadonlyMap<SocketCallName, SocketCall>,
  log: FastifyBaseLogger,
  /** hears each call of a known endpoint: ok (code 0) or refused, and how long it took */
  observe: (name: SocketCallName, ok: boolean, seconds: number) => void = () => undefined,
) {
  async function envelopeOf(user: AuthUser | null, name: unknown, body: unknown, clientId: string): Promise<Envelope<unknown>> {
    const call = typeof name === 'string' ? calls.get(name as SocketCallName) : undefined;
    try {
      if (!call) throw fail('common.noEndpoint', { endpoint: `call ${String(name).slice(0, 64)}` });
      if (!user) throw fail('common.signIn');
      if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) throw fail('common.notObject');
      return await call(user, body, clientId);
    } catch (err) {
      if (err instanceof DomainError) return refusal(err.key, errors[err.key].code, err.params);
      log.error({ err, call: name }, 'unhandled error in a socket call');
      return refusal('common.server', errors['common.server'].code);
    }
  }

  return {
    /** The frame answering `frame` from the socket `clientId`, bound to `user` (null: not bound yet). */
    async answer(user: AuthUser | null, frame: { seq?: unknown; name?: unknown; body?: unknown }, clientId: string): Promise<string> {
      const { seq } = frame;
      if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0 || seq > MAX_SEQ) {
        const bad = refusal('common.invalid', errors['common.invalid'].code, { detail: 'seq: a whole number from 0 is required' });
        return frameOf('error', { code: bad.code, msg: bad.msg, key: bad.key });
      }
      const started = performance.now();
      const envelope = await envelopeOf(user, frame.name, frame.body, clientId);
      if (calls.has(frame.name as SocketCallName)) observe(frame.name as SocketCallName, envelope.code === 0, (performance.now() - started) / 1000);
      return frameOf('answer', { seq, ...envelope });
    },
  };
}

export type SocketCalls = ReturnType<typeof socketCalls>;
