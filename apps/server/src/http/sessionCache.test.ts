import { describe, expect, it } from 'vitest';
import { listeners } from '../listeners.ts';
import { localBus } from '../realtime/bus.ts';
import type { AuthUser } from '../session.ts';
import { cachedSessions, SESSION_CACHE_MS } from './sessionCache.ts';

function setup() {
  let clock = 1_000;
  const live = new Map<string, AuthUser>([
    ['a', { userId: 1, sessionId: 11, device: 'mobile' }],
    ['b', { userId: 2, sessionId: 22, device: 'pc' }],
  ]);
  let asked = 0;
  const ended = listeners<number[]>();
  const bus = localBus();
  const sessions = cachedSessions(
    {
      async resolve(token) {
        asked++;
        return live.get(token) ?? null;
      },
    },
    ended,
    bus,
    () => clock,
  );
  return { sessions, live, ended, bus, asked: () => asked, tick: (ms: number) => (clock += ms) };
}

describe('cachedSessions', () => {
  it('asks the database once per token for a few seconds, then again', async () => {
    const t = setup();
    expect(await t.sessions.resolve('a')).toMatchObject({ userId: 1 });
    expect(await t.sessions.resolve('a')).toMatchObject({ userId: 1 });
    expect(t.asked()).toBe(1);
    t.tick(SESSION_CACHE_MS + 1);
    await t.sessions.resolve('a');
    expect(t.asked()).toBe(2);
  });

  it('never keeps an unknown token: a sign-in right after a refusal works', async () => {
    const t = setup();
    expect(await t.sessions.resolve('c')).toBeNull();
    t.live.set('c', { userId: 3, sessionId: 33, device: 'mobile' });
    expect(await t.sessions.resolve('c')).toMatchObject({ userId: 3 });
  });

  it('an ended session is refused at once, here and on the nodes that hear the bus', async () => {
    const t = setup();
    await t.sessions.resolve('a');
    await t.sessions.resolve('b');
    t.live.delete('a');
    await t.ended.emit([11]);
    expect(await t.sessions.resolve('a')).toBeNull();
    expect(await t.sessions.resolve('b')).toMatchObject({ userId: 2 });
    t.live.delete('b');
    t.bus.publish({ kind: 'sessionsEnded', sessionIds: [22] });
    expect(await t.sessions.resolve('b')).toBeNull();
  });
});
