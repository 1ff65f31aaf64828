import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The time in milliseconds, renewed each minute, so '5 minutes ago' keeps true on a page left open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
