import { jsonReply, legacyError, validationError, type Reply } from './replies.ts';
import type { RequestContext, Route } from './router.ts';
import { buildSnapshot } from './snapshot.ts';
import { rawStatsAt, scheduledUpdateAt } from './timeline.ts';
import { findPlayerByName, type SimPlayer, type World } from './world.ts';

/** `/players/:username/snapshots` allows at most 200 a page (reference/wom-api.md §2.0), 20 by default. */
const MAX_LIMIT = 200;
const DEFAULT_LIMIT = 20;

function dateParam(query: URLSearchParams, name: string): number | null {
  const raw = query.get(name);
  if (raw === null) return null;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) throw validationError(`Invalid date for '${name}'.`);
  return time;
}

function limitParam(query: URLSearchParams): number {
  const raw = query.get('limit');
  if (raw === null) return DEFAULT_LIMIT;
  const limit = Number(raw);
  if (!Number.isInteger(limit)) throw validationError("Parameter 'limit' is not a valid number.");
  if (limit <= 0) throw validationError("Parameter 'limit' must be > 0.");
  if (limit > MAX_LIMIT)
    throw validationError(
      `The maximum results limit is ${MAX_LIMIT}. Please consider using the 'offset' parameter to load more data.`,
    );
  return limit;
}

/**
 * When WOM measured the player within [start, end], newest first: their scheduled updates and their
 * latest forced one, never before WOM first tracked them nor after now.
 */
function updateTimes(world: World, player: SimPlayer, window: { start: number; end: number }, limit: number) {
  if (!player.tracked) return [];
  const start = Math.max(window.start, player.registeredAt);
  const times = new Set<number>();
  if (player.manualUpdateAt !== null && player.manualUpdateAt >= start && player.manualUpdateAt <= window.end)
    times.add(player.manualUpdateAt);
  if (player.schedule !== null) {
    let t = scheduledUpdateAt(player.schedule, world.epoch, window.end);
    while (t >= start && times.size < limit) {
      times.add(t);
      t -= player.schedule.intervalMs;
    }
  }
  return [...times].sort((a, b) => b - a).slice(0, limit);
}

/** `GET /players/:username/snapshots?startDate&endDate&limit`: the player's snapshots, newest first. */
function snapshots(context: RequestContext): Reply {
  const player = findPlayerByName(context.world, context.params.username ?? '');
  if (player === undefined) throw legacyError(404, 'Player not found.');
  const start = dateParam(context.query, 'startDate') ?? 0;
  const givenEnd = dateParam(context.query, 'endDate');
  if (givenEnd !== null && start > givenEnd) throw legacyError(400, 'Min date must be before the max date.');
  const end = Math.min(givenEnd ?? context.now, context.now);
  const times = updateTimes(context.world, player, { start, end }, limitParam(context.query));
  return jsonReply(
    200,
    times.map(
      (t) =>
        buildSnapshot(
          rawStatsAt(player.model, context.world.epoch, t, player.adjustments),
          player.build,
          player.id,
          t,
        ).json,
    ),
  );
}

/** Snapshot history (reference/wom-api.md §2.12), which the site's baseline backfill reads. */
export const snapshotRoutes: Route[] = [
  { method: 'GET', pattern: 'players/:username/snapshots', handler: snapshots },
];
