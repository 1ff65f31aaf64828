import type { Rng } from '#core/random.ts';
import { DAY_MS, HOUR_MS, normaliseUsername } from './catalogue.ts';
import { generateNames } from './names.ts';
import type { ScheduledRename, SimPlayer, WatchCase } from './world.ts';

/** Smaller clans (the unit tests' tiny ones) keep the names they were generated with. */
const MIN_MEMBERS = 10;

export interface RenamePlan {
  rng: Rng;
  /** The names stream, drawn after every other name so those stay as they were. */
  nameRng: Rng;
  members: readonly SimPlayer[];
  watchList: readonly WatchCase[];
  taken: Set<string>;
  epoch: number;
}

/**
 * The clan's own name changes, about one member in fifty and at least two: every other one already
 * happened (2 to 25 days before the epoch, so a sync replaying a month of history sees it) and the
 * rest happen a few hours after it (so a site running since the epoch sees one at a later sync).
 * Members named on the player-watch list keep their names, so the list still names them.
 */
export function generateRenames(plan: RenamePlan): ScheduledRename[] {
  if (plan.members.length < MIN_MEMBERS) return [];
  const watched = new Set(plan.watchList.map((entry) => normaliseUsername(entry.accused_rsn)));
  const eligible = plan.members.filter((player) => player.tracked && !watched.has(player.username));
  const chosen = plan.rng.shuffle(eligible).slice(0, Math.max(2, Math.round(plan.members.length / 50)));
  const freshNames = generateNames(plan.nameRng, chosen.length, plan.taken);
  return chosen.flatMap((player, index): ScheduledRename[] => {
    const fresh = freshNames[index];
    if (fresh === undefined) return [];
    if (index % 2 === 0) {
      const at = plan.epoch - plan.rng.int(2, 25) * DAY_MS - plan.rng.int(0, DAY_MS - 1);
      return [{ playerId: player.id, at, from: fresh, to: player.displayName }];
    }
    const at = plan.epoch + plan.rng.int(1, 5) * HOUR_MS + plan.rng.int(0, HOUR_MS - 1);
    return [{ playerId: player.id, at, from: player.displayName, to: fresh }];
  });
}
