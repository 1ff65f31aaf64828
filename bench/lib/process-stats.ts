import { readFileSync } from 'node:fs';

/** Linux counts process CPU time in clock ticks of 1/100 s (USER_HZ) on every common build. */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of a process, in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the highest seen. */
export function watchPeakRss(pid: number, everyMs = 100): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/**
 * RSS once the process has settled: V8's memory reducer gives back the heap that start-up used some
 * time after the work ends, not at once: a reading taken after ten quiet seconds (as this did before)
 * was 135 MB where the same process held 116 to 119 MB for the next two and a half minutes, and it
 * can hold still for half a minute before it does. So sample each second until sixty readings in a
 * row lie within 2 MB of each other.
 */
export async function settledRssMb(pid: number, giveUpMs = 240_000): Promise<number> {
  const window: number[] = [];
  for (let waited = 0; waited < giveUpMs; waited += 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    window.push(rssMb(pid));
    if (window.length > 60) window.shift();
    if (window.length === 60 && Math.max(...window) - Math.min(...window) < 2) break;
  }
  return window.at(-1) ?? rssMb(pid);
}
