import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type LoopBusyMonitor, startLoopBusyMonitor } from './loopBusy.ts';

const onLinux = fs.existsSync('/proc/thread-self/schedstat');
const threadCpuMs = () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
const tick = () => new Promise((resolve) => setTimeout(resolve, 25));

describe.runIf(onLinux)('the event loop held by own work', () => {
  let monitor: LoopBusyMonitor | null = null;
  afterEach(() => monitor?.stop());

  it('counts a task that runs on the CPU, and starts again after each reading', async () => {
    monitor = startLoopBusyMonitor();
    await tick();
    monitor?.takeMaxSeconds();
    // 80 ms of this thread's CPU time, however long the host takes to give it
    const until = threadCpuMs() + 80;
    while (threadCpuMs() < until);
    await tick();
    expect(monitor?.takeMaxSeconds()).toBeGreaterThanOrEqual(0.06);
    expect(monitor?.takeMaxSeconds()).toBe(0);
  });

  it('does not count a wait off the CPU as the loop held', async () => {
    monitor = startLoopBusyMonitor();
    await tick();
    monitor?.takeMaxSeconds();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
    await tick();
    expect(monitor?.takeMaxSeconds()).toBeLessThan(0.05);
  });
});
