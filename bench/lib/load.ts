import autocannon from 'autocannon';
import { cpuMs } from './process-stats.ts';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Server CPU time per answered request. */
  cpuMsPerRequest: number;
  /** Answers with another status than expected, and connection errors. */
  errors: number;
}

/**
 * `connections` clients asking `url` as fast as the server answers, for `seconds`, like browsers
 * that accept brotli; `pid` is the server's process, whose CPU time is read before and after.
 */
export async function loadTest(options: {
  url: string;
  pid: number;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  expectStatus?: number;
}): Promise<LoadResult> {
  const cpuBefore = cpuMs(options.pid);
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: { 'accept-encoding': 'br, gzip', ...options.headers },
  });
  const cpu = cpuMs(options.pid) - cpuBefore;
  const expected = options.expectStatus ?? 200;
  const byStatus: Partial<Record<string, { count?: number }>> = result.statusCodeStats ?? {};
  const answered = byStatus[String(expected)]?.count ?? 0;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMsPerRequest: answered === 0 ? Number.NaN : cpu / answered,
    errors: result.errors + result.timeouts + (result.requests.total - answered),
  };
}
