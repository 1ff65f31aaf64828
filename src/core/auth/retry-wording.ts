/**
 * A wait as a person reads it: whole minutes (rounded up, so the promise is never early) from a
 * minute on, seconds below that. "Try again in 15 minutes" beats "900 seconds".
 */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function tooManyLoginAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many login attempts. Try again in ${describeWait(retryAfterSeconds)}.`;
}
