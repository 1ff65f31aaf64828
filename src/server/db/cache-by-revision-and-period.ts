import type { Kysely } from 'kysely';
import type { Clock } from '#shared/clock.ts';
import { cacheByRevision, type CachedByRevision } from './revisions.ts';
import type { Database } from './schema.ts';

/**
 * `cacheByRevision` for a value that also reads the clock (a goal's "Ahead of schedule" moves with
 * time, not with any write): rebuilt when a revision moves, and once in each period of the clock
 * as well. Only the current period's cache is kept.
 */
export function cacheByRevisionAndPeriod<T>(
  db: Kysely<Database>,
  clock: Clock,
  periodMs: number,
  build: () => Promise<T>,
): CachedByRevision<T> {
  let current: { period: number; cached: CachedByRevision<T> } | null = null;
  const forNow = () => {
    const period = Math.floor(clock.now().getTime() / periodMs);
    if (current?.period !== period) current = { period, cached: cacheByRevision(db, build) };
    return current.cached;
  };
  return Object.assign(() => forNow()(), { ready: () => forNow().ready() });
}
