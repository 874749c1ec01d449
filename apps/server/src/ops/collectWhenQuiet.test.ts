import { expect, it } from 'vitest';
import { quietAfterBusy } from './collectWhenQuiet.ts';

const policy = { busy: 0.2, quiet: 0.05, quietReadings: 2 };
const run = (readings: number[]) => {
  const due = quietAfterBusy(policy);
  return readings.map(due);
};

it('collects once after a busy spell, when the server has been quiet for the readings it asks', () => {
  expect(run([0.9, 0.01, 0.01, 0.01, 0.01])).toEqual([false, false, true, false, false]);
  // a second busy spell, a second collection
  expect(run([0.5, 0.0, 0.0, 0.3, 0.02, 0.03])).toEqual([false, false, true, false, false, true]);
});

it('never collects on a server that was never busy, and waits while work keeps coming in', () => {
  expect(run([0.01, 0.0, 0.02, 0.01])).toEqual([false, false, false, false]);
  // neither busy nor quiet (0.1) breaks the quiet run
  expect(run([0.9, 0.01, 0.1, 0.01, 0.01])).toEqual([false, false, false, false, true]);
});
