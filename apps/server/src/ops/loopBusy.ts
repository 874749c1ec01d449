import fs from 'node:fs';

/**
 * How long the event loop was held by this process's own work, as opposed to waiting for a CPU.
 *
 * `nodejs_eventloop_lag_max_seconds` cannot tell the two apart: on a loaded host a thread that is
 * ready but not scheduled shows the same lag as one running a long task. Linux counts the main
 * thread's time on a CPU (`/proc/thread-self/schedstat`, nanoseconds), so each tick of a short timer
 * can split its lag: the part spent running is the process's own block, the rest was the host's.
 */
export interface LoopBusyMonitor {
  /** the longest on-CPU part of one tick's lag since the last call, in seconds (then starts again) */
  takeMaxSeconds(): number;
  stop(): void;
}

const TICK_MS = 10;

/** Time on a CPU of the calling thread so far, in ms; null where the kernel does not say (not Linux). */
function cpuClock(): (() => number) | null {
  let fd: number;
  try {
    fd = fs.openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(96);
  return () => {
    const n = fs.readSync(fd, buffer, 0, buffer.length, 0);
    const text = buffer.toString('latin1', 0, n);
    return Number(text.slice(0, text.indexOf(' '))) / 1e6;
  };
}

/** Starts ticking (the timer does not keep the process alive); null where the kernel does not count thread time. */
export function startLoopBusyMonitor(): LoopBusyMonitor | null {
  const running = cpuClock();
  if (!running) return null;
  let max = 0;
  let at = performance.now();
  let ran = running();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = running();
    const lag = now - at - TICK_MS;
    if (lag > 0) max = Math.max(max, Math.min(lag, cpu - ran));
    at = now;
    ran = cpu;
  }, TICK_MS);
  timer.unref();
  return {
    takeMaxSeconds() {
      const seconds = max / 1000;
      max = 0;
      return seconds;
    },
    stop: () => clearInterval(timer),
  };
}
