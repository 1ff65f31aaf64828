import { z } from 'zod';
import { syncRunSchema, syncStatusSchema } from '../sync/sync.schema.ts';

/**
 * The baseline backfill: for members whose baseline the site only first saw, WOM's snapshot nearest
 * their join date becomes the baseline. Pure rules; the job fetches and saves.
 */

const DAY_MS = 86_400_000;

/**
 * How far either side of the join date a snapshot may be. WOM measures a player when someone asks it
 * to, often daily, sometimes weeks apart; two weeks either side finds most members while keeping the
 * baseline close to the day they joined (docs/decisions/023-members-import-and-baselines.md).
 */
export const BACKFILL_WINDOW_DAYS = 14;
/** WOM's most snapshots per request: a player measured hourly still fits the window's newest 200. */
export const BACKFILL_SNAPSHOT_LIMIT = 200;

export interface SnapshotWindow {
  startDate: Date;
  endDate: Date;
  limit: number;
}

/** The window asked of WOM around a join date ('yyyy-MM-dd', midnight UTC). */
export function snapshotWindow(joinDate: string): SnapshotWindow {
  const joined = Date.parse(`${joinDate}T00:00:00.000Z`);
  return {
    startDate: new Date(joined - BACKFILL_WINDOW_DAYS * DAY_MS),
    endDate: new Date(joined + BACKFILL_WINDOW_DAYS * DAY_MS),
    limit: BACKFILL_SNAPSHOT_LIMIT,
  };
}

/** What the backfill reads of a snapshot: when it was taken and the overall skill. */
export interface HistorySnapshot {
  createdAt: string;
  data: { skills: Record<string, { experience: number; level: number } | undefined> };
}

export interface HistoryBaseline {
  first_xp: number;
  first_lvl: number;
  /** When WOM measured it. */
  taken_at: string;
}

/**
 * The baseline from the snapshot nearest the join date (the earlier one on a tie, as the member had
 * not gained it yet); null when no snapshot in the window has an overall XP and level (an unranked
 * overall is -1 at WOM).
 */
export function baselineNearJoinDate(
  snapshots: readonly HistorySnapshot[],
  joinDate: string,
): HistoryBaseline | null {
  const joined = Date.parse(`${joinDate}T00:00:00.000Z`);
  let best: { distance: number; time: number; baseline: HistoryBaseline } | null = null;
  for (const snapshot of snapshots) {
    const overall = snapshot.data.skills.overall;
    const time = Date.parse(snapshot.createdAt);
    if (!overall || overall.experience <= 0 || overall.level <= 0 || Number.isNaN(time)) continue;
    const distance = Math.abs(time - joined);
    if (best && (distance > best.distance || (distance === best.distance && time > best.time))) continue;
    best = {
      distance,
      time,
      baseline: { first_xp: overall.experience, first_lvl: overall.level, taken_at: snapshot.createdAt },
    };
  }
  return best?.baseline ?? null;
}

/** The backfill job as `GET /api/admin/sync` shows it: its runs, and members still to do. */
export const baselineBackfillStatusSchema = z.object({
  running: z.boolean(),
  current: syncRunSchema.nullable(),
  runs: z.array(syncRunSchema),
  /** Members whose baseline is still "first seen" and who have a join date to look up. */
  remaining: z.number().int(),
});
export type BaselineBackfillStatus = z.infer<typeof baselineBackfillStatusSchema>;

export const backfillStartedSchema = z.object({ run_id: z.number().int() });

export const BACKFILL_RUNNING_MESSAGE = 'A baseline backfill is already running';

/** The stage a run reports while it works through the members. */
export const backfillStage = (done: number, total: number) => `Member ${done} of ${total}`;

/** `GET /api/admin/sync`: the WOM sync's status, with the baseline backfill's beside it. */
export const syncWithBackfillStatusSchema = syncStatusSchema.extend({
  baseline_backfill: baselineBackfillStatusSchema,
});
