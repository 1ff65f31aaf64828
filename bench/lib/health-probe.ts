import { spawn } from 'node:child_process';

export interface HealthProbe {
  stop(): Promise<{ latencies: number[]; failures: number }>;
}

/** Asks /api/health every `everyMs` until stopped; returns each answer's latency and the failures. */
export function probeHealth(base: string, everyMs: number): HealthProbe {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - started);
        else failures += 1;
      } catch {
        failures += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { latencies, failures };
    },
  };
}

/** `probeHealth` from a process of its own (lib/health-prober.mjs): the load's driver cannot stall it. */
export function probeHealthApart(base: string, everyMs: number): HealthProbe {
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
