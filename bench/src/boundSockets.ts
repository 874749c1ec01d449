/**
 * Bench clients as an open app holds them: a raw WebSocket (`rawClient.ts`) bound with the user's
 * token, and `call` frames answered by `answer` frames (the socket-callable endpoints).
 */
import type { EndpointBody, SocketCallName } from '@parley/protocol';
import { connectRaw, type RawWs } from './rawClient.ts';

export interface Client {
  ws: RawWs;
  clientId: string;
  received: number;
  closed: boolean;
}

/** What an `answer` frame carries: the call's seq and the envelope. */
export interface CallAnswer<T = unknown> {
  seq: number;
  code: number;
  msg: string;
  data: T;
  key?: string;
}

const ANSWER = '{"type":"answer"';

/**
 * Opens and binds one socket. Frames after binding go to `onFrame`, except `answer` frames when
 * `onAnswer` is given.
 */
export async function connect(url: string, token: string, onFrame: (frame: Buffer) => void, onAnswer?: (answer: CallAnswer) => void): Promise<Client> {
  let bound = false;
  let resolveBound: () => void = () => {};
  const boundNow = new Promise<void>((r) => {
    resolveBound = r;
  });
  const client: Client = { ws: null as unknown as RawWs, clientId: '', received: 0, closed: false };
  client.ws = await connectRaw(
    `${url.replace('http', 'ws')}/wss`,
    (data, ws) => {
      if (bound) {
        if (onAnswer && data.subarray(0, ANSWER.length).toString() === ANSWER) return onAnswer(JSON.parse(data.toString()).data);
        return onFrame(data);
      }
      const raw = data.toString();
      if (raw.startsWith('{"type":"init"')) {
        client.clientId = JSON.parse(raw).client_id;
        ws.send(JSON.stringify({ type: 'bindUid', token }));
      } else if (raw.startsWith('{"type":"bindUid"')) {
        bound = true;
        resolveBound();
      }
    },
    () => {
      client.closed = true;
    },
  );
  await boundNow;
  const ping = setInterval(() => !client.ws.closed && client.ws.send('{"type":"ping"}'), 20_000);
  ping.unref();
  return client;
}

export async function connectAll(url: string, tokens: string[], onFrame: (frame: Buffer) => void, parallel = 200, onAnswer?: (answer: CallAnswer) => void) {
  const clients: Client[] = new Array(tokens.length);
  for (let i = 0; i < tokens.length; i += parallel) {
    const batch = tokens.slice(i, i + parallel).map((t, j) =>
      connect(url, t, onFrame, onAnswer).then((c) => {
        clients[i + j] = c;
      }),
    );
    await Promise.all(batch);
  }
  return clients;
}

/** Calls over bound sockets: each call gets its own seq, and its promise settles with the answer. */
export function socketCaller() {
  let seq = 0;
  const waiting = new Map<number, (answer: CallAnswer) => void>();
  return {
    onAnswer(answer: CallAnswer): void {
      waiting.get(answer.seq)?.(answer);
      waiting.delete(answer.seq);
    },
    call<K extends SocketCallName>(client: Client, name: K, body: EndpointBody<K>): Promise<CallAnswer> {
      const mine = ++seq;
      return new Promise((resolve) => {
        waiting.set(mine, resolve);
        client.ws.send(JSON.stringify({ type: 'call', seq: mine, name, body }));
      });
    },
  };
}
