import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The current time, renewed every minute, so statuses, remaining times and '5 minutes ago' move on
 * while the page stays open (the data itself only refetches when it changes).
 */
export function useNow(intervalMs = MINUTE_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
