import { spawn } from 'node:child_process';

export interface HealthProbe {
  stop(): Promise<{ latencies: number[]; failures: number }>;
}

/**
 * Asks /api/health every `everyMs` until stopped, from a process of its own (lib/health-prober.mjs),
 * so the stalls of the process driving the load do not count as the app's; returns each answer's
 * latency and the failures.
 */
export function probeHealth(base: string, everyMs: number): HealthProbe {
  const child = spawn(process.execPath, ['bench/lib/health-prober.mjs', base, String(everyMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(output) as { latencies: number[]; failures: number };
    },
  };
}
