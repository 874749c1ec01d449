import { describe, expect, it } from 'vitest';
import { heavyLane } from './heavyLane.ts';

const tick = () => new Promise((r) => setImmediate(r));

/** A lane on a fake clock whose rests are recorded and ended by the test. */
function fakeLane() {
  let clock = 0;
  const rests: { ms: number; end: () => void }[] = [];
  const lane = heavyLane({ now: () => clock, later: (ms, end) => rests.push({ ms, end }) });
  return { lane, rests, advance: (ms: number) => (clock += ms) };
}

describe('heavyLane', () => {
  it('runs one call at a time and serves the waiting user served least recently first, not the first to arrive', async () => {
    const { lane, rests } = fakeLane();
    const order: string[] = [];
    const gates: (() => void)[] = [];
    const call = (user: number, name: string) =>
      lane.run(user, async () => {
        order.push(name);
        await new Promise<void>((r) => gates.push(r));
      });
    const all = [call(1, 'a1'), call(1, 'a2'), call(1, 'a3'), call(2, 'b1'), call(3, 'c1')];
    await tick();
    expect(order).toEqual(['a1']);
    expect(lane.waitingCount()).toBe(4);
    for (let i = 0; i < 5; i++) {
      gates[i]();
      await tick();
      // nothing starts while the lane rests
      expect(order).toHaveLength(i + 1);
      rests[i].end();
      await tick();
    }
    await Promise.all(all);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
    expect(lane.waitingCount()).toBe(0);
  });

  it('rests as long as the call took, at most 100 ms', async () => {
    const { lane, rests, advance } = fakeLane();
    await lane.run(1, async () => advance(30));
    rests[0].end();
    await lane.run(1, async () => advance(400));
    expect(rests.map((r) => r.ms)).toEqual([30, 100]);
  });

  it('a failing call frees its turn and its error reaches the caller', async () => {
    const { lane, rests } = fakeLane();
    await expect(lane.run(1, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    rests[0].end();
    await expect(lane.run(1, async () => 7)).resolves.toBe(7);
  });
});
