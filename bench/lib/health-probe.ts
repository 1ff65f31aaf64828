/** Asks /api/health every `everyMs` until stopped; returns each answer's latency and the failures. */
export function probeHealth(
  base: string,
  everyMs: number,
): { stop(): Promise<{ latencies: number[]; failures: number }> } {
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
