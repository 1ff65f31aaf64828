/**
 * A wait as a person reads it: whole minutes (rounded up, so the promise is never early) from a
 * minute on, seconds below that. "Try again in 15 minutes" beats "900 seconds".
 */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A refused attempt's 429 message: `what` names the attempts ("login", "registration"). */
export function tooManyAttemptsMessage(what: string, retryAfterSeconds: number): string {
  return `Too many ${what} attempts. Try again in ${describeWait(retryAfterSeconds)}.`;
}
