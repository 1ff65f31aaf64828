import type { Rng } from '#core/random.ts';
import { DAY_MS } from './catalogue.ts';

/**
 * When WOM learns each member's in-game join day, one call per member. A RuneLite clan sync reports
 * every member it sees at once, so they arrive together: none at first (the recording's first sync
 * has null for all), about two thirds at a sync 3 to 20 days before the epoch, the rest at one 2 to 10
 * days after it.
 */
export function clientSyncSchedule(rng: Rng, epoch: number): () => number {
  const first = epoch - rng.int(3, 20) * DAY_MS - rng.int(0, DAY_MS);
  const second = epoch + rng.int(2, 10) * DAY_MS + rng.int(0, DAY_MS);
  return () => (rng.chance(2 / 3) ? first : second);
}
