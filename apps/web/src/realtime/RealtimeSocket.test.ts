import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALLS_PER_SECOND, RealtimeSocket, type SocketState, type WebSocketLike } from './RealtimeSocket.ts';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSends(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  serverCloses(code?: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const states: SocketState[] = [];
  const clientIds: string[] = [];
  const client = new RealtimeSocket({
    url: () => 'ws://test/wss',
    token: () => 'token-1',
    create: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    onClientId: (id) => clientIds.push(id),
  });
  client.onState((s) => states.push(s));
  return { client, sockets, states, clientIds, last: () => sockets[sockets.length - 1] };
}

describe('RealtimeSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('binds with the token after init and becomes bound', () => {
    const { client, last, clientIds } = setup();
    client.connect();
    expect(client.getState()).toBe('connecting');
    last().serverOpens();
    expect(client.getState()).toBe('open');
    last().serverSends({ type: 'init', client_id: 'c-1' });
    expect(clientIds).toEqual(['c-1']);
    expect(last().sent).toEqual([{ type: 'bindUid', token: 'token-1' }]);
    last().serverSends({ type: 'bindUid', data: { user_id: 7 } });
    expect(client.getState()).toBe('bound');
  });

  it('pings every 20 s', () => {
    const { client, last } = setup();
    client.connect();
    last().serverOpens();
    vi.advanceTimersByTime(20_000);
    last().serverSends({ type: 'pong' });
    vi.advanceTimersByTime(20_000);
    expect(last().sent).toEqual([{ type: 'ping' }, { type: 'ping' }]);
  });

  it('delivers pushes to subscribers by type', () => {
    const { client, last } = setup();
    const seen: unknown[] = [];
    const off = client.onPush('simple', (data) => seen.push(data));
    client.connect();
    last().serverOpens();
    last().serverSends({ type: 'simple', data: { id: 1 } });
    last().serverSends({ type: 'group', data: { id: 2 } });
    off();
    last().serverSends({ type: 'simple', data: { id: 3 } });
    expect(seen).toEqual([{ id: 1 }]);
  });

  it('reconnects every 5 s at most 5 times, then reports the error until retry', () => {
    const { client, sockets, last } = setup();
    client.connect();
    last().serverCloses();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(client.getState()).toBe('connecting');
      vi.advanceTimersByTime(4_999);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
      last().serverCloses();
    }
    expect(client.getState()).toBe('error');
    client.retry();
    expect(sockets).toHaveLength(7);
    expect(client.getState()).toBe('connecting');
  });

  it('after giving up, starts a new round by itself a minute later (the server was down longer than the attempts)', () => {
    const { client, sockets, last } = setup();
    client.connect();
    last().serverCloses();
    for (let attempt = 1; attempt <= 5; attempt++) {
      vi.advanceTimersByTime(5_000);
      last().serverCloses();
    }
    expect(client.getState()).toBe('error');
    vi.advanceTimersByTime(59_999);
    expect(sockets).toHaveLength(6);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(7);
    expect(client.getState()).toBe('connecting');
    last().serverOpens();
    last().serverSends({ type: 'init', client_id: 'c-3' });
    last().serverSends({ type: 'bindUid', data: { user_id: 7 } });
    expect(client.getState()).toBe('bound');
    // closed on purpose (signed out): no round starts
    client.disconnect();
    expect(client.getState()).toBe('idle');
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(7);
  });

  it('starts counting again after a successful bind', () => {
    const { client, sockets, last } = setup();
    client.connect();
    last().serverCloses();
    vi.advanceTimersByTime(5_000);
    last().serverOpens();
    last().serverSends({ type: 'init', client_id: 'c-2' });
    last().serverSends({ type: 'bindUid', data: { user_id: 7 } });
    last().serverCloses();
    for (let attempt = 0; attempt < 5; attempt++) {
      vi.advanceTimersByTime(5_000);
      last().serverCloses();
    }
    expect(sockets).toHaveLength(7);
    expect(client.getState()).toBe('error');
  });

  it('does not reconnect after disconnect', () => {
    const { client, sockets, last } = setup();
    client.connect();
    last().serverOpens();
    client.disconnect();
    expect(client.getState()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('drops a silent connection and reconnects', () => {
    const { client, sockets, last } = setup();
    client.connect();
    last().serverOpens();
    vi.advanceTimersByTime(60_000);
    expect(client.getState()).toBe('connecting');
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(2);
  });

  it('comes back within a second when the server closes with "service restart" (1012), without using up its attempts', () => {
    const { client, sockets, last } = setup();
    client.connect();
    last().serverOpens();
    last().serverSends({ type: 'bindUid', data: { user_id: 7 } });
    for (let i = 0; i < 8; i++) {
      last().serverCloses(1012);
      expect(client.getState()).toBe('connecting');
      vi.advanceTimersByTime(1_000);
      expect(sockets).toHaveLength(i + 2);
      last().serverOpens();
    }
    expect(client.getState()).toBe('open');
    // any other close waits the usual 5 s
    last().serverCloses(1006);
    vi.advanceTimersByTime(4_000);
    expect(sockets).toHaveLength(9);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(10);
  });

  it('calls over the bound socket: the answer with the same seq settles it; not bound answers null (call over HTTP)', async () => {
    const { client, last } = setup();
    expect(client.call('sendMessage', { id: 'm1' }, 10_000)).toBeNull();
    client.connect();
    last().serverOpens();
    expect(client.call('sendMessage', { id: 'm1' }, 10_000)).toBeNull();
    last().serverSends({ type: 'bindUid', data: { user_id: 7 } });
    const first = client.call('sendMessage', { id: 'm1' }, 10_000);
    const second = client.call('openRedPacket', { msg_id: 5 }, 10_000);
    const frames = last().sent.filter((f) => (f as { type: string }).type === 'call') as { seq: number; name: string; body: object }[];
    expect(frames.map((f) => [f.name, f.body])).toEqual([
      ['sendMessage', { id: 'm1' }],
      ['openRedPacket', { msg_id: 5 }],
    ]);
    last().serverSends({ type: 'answer', data: { seq: frames[1].seq, code: 0, msg: '', data: { outcome: 'success' } } });
    last().serverSends({ type: 'answer', data: { seq: frames[0].seq, code: 400, msg: 'no', data: null, key: 'k' } });
    await expect(second).resolves.toEqual({ code: 0, msg: '', data: { outcome: 'success' } });
    await expect(first).resolves.toEqual({ code: 400, msg: 'no', data: null, key: 'k' });
  });

  it('a call is lost when the socket closes or no answer comes in time', async () => {
    const { client, last } = setup();
    client.connect();
    last().serverOpens();
    last().serverSends({ type: 'bindUid', data: { user_id: 7 } });
    const late = client.call('sendMessage', { id: 'm1' }, 1_000);
    const cut = client.call('sendMessage', { id: 'm2' }, 60_000);
    vi.advanceTimersByTime(1_000);
    await expect(late).rejects.toMatchObject({ reason: 'timeout' });
    last().serverCloses(1006);
    await expect(cut).rejects.toMatchObject({ reason: 'network' });
  });

  it('past CALLS_PER_SECOND in a second, calls answer null (they go over HTTP), so the socket stays under the server frame limit', () => {
    const { client, last } = setup();
    client.connect();
    last().serverOpens();
    last().serverSends({ type: 'bindUid', data: { user_id: 7 } });
    const made = Array.from({ length: CALLS_PER_SECOND + 3 }, (_, i) => client.call('sendMessage', { id: `m${i}` }, 10_000));
    expect(made.filter((c) => c !== null)).toHaveLength(CALLS_PER_SECOND);
    expect(made.slice(CALLS_PER_SECOND).every((c) => c === null)).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(client.call('sendMessage', { id: 'next' }, 10_000)).not.toBeNull();
  });
});
