import { ACTIVITIES } from '@wise-old-man/utils';
import { DAY_MS, MAX_SKILL_XP } from './catalogue.ts';
import type { StatsModel } from './player-stats.ts';

/** Raw counts at one moment, before hiscores thresholds turn small values into -1. */
export interface RawStats {
  xp: number[];
  kills: number[];
  scores: number[];
}

/** XP added by a test through gainExperience, effective from `at`. */
export interface XpAdjustment {
  skillIndex: number;
  xp: number;
  at: number;
}

/** Regular automatic updates: every `intervalMs`, shifted by a per-player phase. */
export interface UpdateSchedule {
  intervalMs: number;
  phaseMs: number;
}

/** The latest scheduled update at or before `t`; the grid is anchored at the epoch. */
export function scheduledUpdateAt(schedule: UpdateSchedule, epoch: number, t: number): number {
  const anchor = epoch - schedule.phaseMs;
  return anchor + Math.floor((t - anchor) / schedule.intervalMs) * schedule.intervalMs;
}

/** The last update at or before `t`: scheduled or forced (update-all, POST /players), whichever is later. */
export function lastUpdateAt(
  schedule: UpdateSchedule | null,
  manualUpdateAt: number | null,
  epoch: number,
  t: number,
): number | null {
  const scheduled = schedule === null ? null : scheduledUpdateAt(schedule, epoch, t);
  const manual = manualUpdateAt !== null && manualUpdateAt <= t ? manualUpdateAt : null;
  if (scheduled === null) return manual;
  if (manual === null) return scheduled;
  return Math.max(scheduled, manual);
}

const clueTotalIndex = ACTIVITIES.indexOf('clue_scrolls_all');
const clueTierIndexes = ACTIVITIES.flatMap((activity, index) =>
  activity.startsWith('clue_scrolls_') && index !== clueTotalIndex ? [index] : [],
);

const grow = (base: number[], perDay: number[], days: number) =>
  base.map((value, index) => Math.max(0, Math.floor(value + (perDay[index] ?? 0) * days)));

/** Stats at time `t`: epoch values plus rate x elapsed days, XP capped at 200M, plus test adjustments. */
export function rawStatsAt(
  model: StatsModel,
  epoch: number,
  t: number,
  adjustments: readonly XpAdjustment[],
): RawStats {
  const days = (t - epoch) / DAY_MS;
  const xp = grow(model.xp, model.xpPerDay, days).map((value) => Math.min(MAX_SKILL_XP, value));
  for (const adjustment of adjustments) {
    if (adjustment.at > t) continue;
    xp[adjustment.skillIndex] = Math.min(MAX_SKILL_XP, (xp[adjustment.skillIndex] ?? 0) + adjustment.xp);
  }
  const scores = grow(model.scores, model.scoresPerDay, days);
  // "All clue scrolls" is by definition the sum of the tiers, at every moment.
  if (clueTotalIndex >= 0) {
    scores[clueTotalIndex] = clueTierIndexes.reduce((sum, index) => sum + (scores[index] ?? 0), 0);
  }
  return { xp, kills: grow(model.kills, model.killsPerDay, days), scores };
}
