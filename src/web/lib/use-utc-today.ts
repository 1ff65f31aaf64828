import { useEffect, useState } from 'react';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar date of an instant, as 'YYYY-MM-DD'. */
export function utcDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * Today's UTC date ('YYYY-MM-DD'), renewed at each UTC midnight, so a page left open overnight
 * moves on to the new day. The timer re-arms itself from the clock each time, because a timer can
 * fire a little early or, after the computer sleeps, late.
 */
export function useUtcToday(): string {
  const [today, setToday] = useState(() => utcDateOf(new Date()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const now = Date.now();
      // The first render may lie before a midnight that passed by the time this effect runs.
      setToday(utcDateOf(new Date(now)));
      timer = setTimeout(arm, DAY_MS - (now % DAY_MS));
    };
    arm();
    return () => clearTimeout(timer);
  }, []);
  return today;
}
