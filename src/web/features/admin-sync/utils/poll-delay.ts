/** While a run is running its progress is asked for every second; otherwise every 10 s. */
export const POLL_RUNNING_MS = 1000;
export const POLL_IDLE_MS = 10_000;

/** The wait before asking again after failed requests: 1, 2, 5, then 10 s for good (spec §9). */
export const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/** How long to wait after `failures` requests in a row have failed (1 or more). */
export function retryDelayMs(failures: number): number {
  const index = Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index] ?? POLL_IDLE_MS;
}

/** When to ask for a job's status next: backing off while the server is unreachable. */
export function pollDelayMs({ running, failures }: { running: boolean; failures: number }): number {
  if (failures > 0) return retryDelayMs(failures);
  return running ? POLL_RUNNING_MS : POLL_IDLE_MS;
}
