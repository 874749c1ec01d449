import { describe, expect, it } from 'vitest';
import { recentReads } from './recentReads.ts';

describe('recent reads', () => {
  it('answers a kept value without loading until it is forgotten; a value keep refuses is loaded every time', async () => {
    const reads = recentReads<string, number>(60_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await reads.read('a', load, () => true)).toBe(1);
    expect(await reads.read('a', load, () => true)).toBe(1);
    reads.forget('a');
    expect(await reads.read('a', load, () => true)).toBe(2);
    expect(await reads.read('b', load, () => false)).toBe(3);
    expect(await reads.read('b', load, () => false)).toBe(4);
  });

  it('does not keep a value whose read was under way when something was forgotten', async () => {
    const reads = recentReads<string, string>(60_000, 10);
    let release = (_value: string) => {};
    const slow = reads.read('a', () => new Promise<string>((resolve) => (release = resolve)), () => true);
    reads.forget('a');
    release('old');
    expect(await slow).toBe('old');
    expect(await reads.read('a', async () => 'new', () => true)).toBe('new');
  });

  it('reads again once the value is as old as its time (here none)', async () => {
    const reads = recentReads<string, number>(0, 10);
    let loads = 0;
    await reads.read('a', async () => ++loads, () => true);
    expect(await reads.read('a', async () => ++loads, () => true)).toBe(2);
  });
});
