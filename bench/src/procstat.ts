import fs from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user+system) used so far by a process. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** A memory field of /proc/<pid>/status (VmRSS, RssAnon, RssFile…) in MB; 0 when absent. */
export function statusMb(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return m ? Number(m[1]) / 1024 : 0;
}

/** Resident set size in MB. */
export const rssMb = (pid: number): number => statusMb(pid, 'VmRSS');

/** Samples RSS every 100 ms until stopped; returns the peak. */
export function rssPeak(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const t = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      /* process gone */
    }
  }, 100);
  return {
    stop() {
      clearInterval(t);
      return peak;
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}
