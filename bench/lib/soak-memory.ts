import { median } from './percentiles.ts';
import { rssMb } from './process-stats.ts';

const SAMPLE_EVERY_MS = 1000;

export interface MemoryReport {
  startMb: number;
  endMb: number;
  peakMb: number;
  /** Median RSS in each quarter of the run. */
  quarterMedians: number[];
  /** Median of the last quarter less median of the second: growth after the warm-up. */
  secondHalfGrowthMb: number;
  /** Growth past this counts as unbounded. */
  boundMb: number;
}

/** Growth allowed over the second half: the larger of 20 MB and 10 % of the warmed-up RSS. */
const growthBound = (warmMb: number) => Math.max(20, warmMb * 0.1);

/** Samples a process's RSS every second from now until stopped. */
export function sampleMemory(pid: number): { stop(): MemoryReport } {
  const startedAt = performance.now();
  const samples: Array<{ at: number; mb: number }> = [{ at: 0, mb: rssMb(pid) }];
  const timer = setInterval(
    () => samples.push({ at: performance.now() - startedAt, mb: rssMb(pid) }),
    SAMPLE_EVERY_MS,
  );
  return {
    stop() {
      clearInterval(timer);
      const length = performance.now() - startedAt;
      samples.push({ at: length, mb: rssMb(pid) });
      const quarterMedians = [0, 1, 2, 3].map((q) =>
        median(
          samples.filter((s) => s.at >= (q * length) / 4 && s.at <= ((q + 1) * length) / 4).map((s) => s.mb),
        ),
      );
      const warm = quarterMedians[1] ?? Number.NaN;
      return {
        startMb: samples[0]?.mb ?? Number.NaN,
        endMb: samples.at(-1)?.mb ?? Number.NaN,
        peakMb: Math.max(...samples.map((s) => s.mb)),
        quarterMedians,
        secondHalfGrowthMb: (quarterMedians[3] ?? Number.NaN) - warm,
        boundMb: growthBound(warm),
      };
    },
  };
}
