/**
 * Renews a lease every `everyMs` while a run is alive, so the lease can stay short: a holder that
 * dies stops renewing, and its job is free again one time-to-live later. A renewal that fails (the
 * database is briefly away) is retried at the next beat; one that finds the lease gone marks it lost.
 */
export function startHeartbeat(renew: () => Promise<boolean>, everyMs: number) {
  let lost = false;
  let beat: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (beat) return;
    beat = renew()
      .then(
        (held) => {
          if (held) return;
          lost = true;
          clearInterval(timer);
        },
        () => undefined,
      )
      .finally(() => {
        beat = null;
      });
  }, everyMs);
  return {
    /** Another holder took the lease over; the run can no longer save. */
    get lost() {
      return lost;
    },
    /** Stops beating, after the beat in flight if any. */
    async stop() {
      clearInterval(timer);
      await beat;
    },
  };
}
