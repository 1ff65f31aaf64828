import { ACTIVITIES, BOSSES, getExpForLevel, MetricProps, REAL_SKILLS } from '@wise-old-man/utils';
import type { Rng } from '#core/random.ts';
import { DAY_MS, levelOf, MAX_SKILL_XP, XP_AT_99 } from './catalogue.ts';
import { rawStatsAt } from './timeline.ts';
import type { SimAchievement, SimPlayer } from './world.ts';

type Candidate = Omit<SimAchievement, 'playerId' | 'accuracy' | 'createdAt' | 'foundAt'>;

const SKILL_XP_THRESHOLDS = [50_000_000, 100_000_000, MAX_SKILL_XP];
const KILL_THRESHOLDS = [50, 100, 500, 1_000, 5_000];
const CLUE_THRESHOLDS = [100, 500, 1_000];
const OVERALL_XP_THRESHOLDS = [100_000_000, 200_000_000, 500_000_000, 1_000_000_000, 2_000_000_000];
const BASE_LEVELS = [60, 70, 80, 90];
const WINDOW_DAYS = 120;
/** WOM's createdAt for an achievement already reached when it first saw the player: 1970, date unknown. */
export const UNKNOWN_DATE = 0;

/** Thresholds in WOM's short form: 500, 1k, 50m, 1b. */
export function shortNumber(value: number): string {
  if (value >= 1_000_000_000) return `${value / 1_000_000_000}b`;
  if (value >= 1_000_000) return `${value / 1_000_000}m`;
  if (value >= 1_000) return `${value / 1_000}k`;
  return String(value);
}

/** Every achievement the player's stats at `at` qualify for, named as WOM names them (§2.5). */
function candidates(player: SimPlayer, epoch: number, at: number): Candidate[] {
  const raw = rawStatsAt(player.model, epoch, at, player.adjustments);
  const found: Candidate[] = [];
  REAL_SKILLS.forEach((skill, index) => {
    const xp = raw.xp[index] ?? 0;
    const name = MetricProps[skill].name;
    if (xp >= XP_AT_99)
      found.push({ name: `99 ${name}`, metric: skill, threshold: XP_AT_99, measure: 'experience' });
    for (const threshold of SKILL_XP_THRESHOLDS) {
      if (xp >= threshold)
        found.push({
          name: `${shortNumber(threshold)} ${name}`,
          metric: skill,
          threshold,
          measure: 'experience',
        });
    }
  });
  BOSSES.forEach((boss, index) => {
    const kills = raw.kills[index] ?? 0;
    const name = MetricProps[boss].name;
    // Chest "bosses" count chests, not kills: "500 Barrows Chests".
    const unit = name.endsWith('Chests') ? '' : ' kills';
    for (const threshold of KILL_THRESHOLDS) {
      if (kills >= threshold)
        found.push({
          name: `${shortNumber(threshold)} ${name}${unit}`,
          metric: boss,
          threshold,
          measure: 'kills',
        });
    }
  });
  ACTIVITIES.forEach((activity, index) => {
    if (!activity.startsWith('clue_scrolls_')) return;
    const score = raw.scores[index] ?? 0;
    for (const threshold of CLUE_THRESHOLDS) {
      if (score >= threshold)
        found.push({
          name: `${shortNumber(threshold)} ${MetricProps[activity].name}`,
          metric: activity,
          threshold,
          measure: 'score',
        });
    }
  });
  const lowest = Math.min(...raw.xp.map((xp) => levelOf(xp)));
  for (const level of BASE_LEVELS) {
    if (lowest >= level)
      found.push({
        name: `Base ${level} Stats`,
        metric: 'overall',
        threshold: getExpForLevel(level) * REAL_SKILLS.length,
        measure: 'levels',
      });
  }
  if (lowest >= 99)
    found.push({
      name: 'Maxed Overall',
      metric: 'overall',
      threshold: XP_AT_99 * REAL_SKILLS.length,
      measure: 'levels',
    });
  const total = raw.xp.reduce((sum, xp) => sum + xp, 0);
  for (const threshold of OVERALL_XP_THRESHOLDS) {
    if (total >= threshold)
      found.push({
        name: `${shortNumber(threshold)} Overall Exp.`,
        metric: 'overall',
        threshold,
        measure: 'experience',
      });
  }
  return found;
}

/** The highest threshold reached per metric and kind: the only ones that can have been reached lately. */
function latest(found: Candidate[]): Candidate[] {
  const top = new Map<string, Candidate>();
  for (const candidate of found) {
    const key = `${candidate.metric}:${candidate.measure}`;
    const held = top.get(key);
    if (held === undefined || candidate.threshold > held.threshold) top.set(key, candidate);
  }
  return [...top.values()];
}

const undated = (player: SimPlayer, candidate: Candidate, foundAt: number): SimAchievement => ({
  playerId: player.id,
  ...candidate,
  accuracy: null,
  createdAt: UNKNOWN_DATE,
  foundAt,
});

/**
 * What WOM records when it first sees a player: every achievement already reached, dated 1970 with
 * no accuracy, because it cannot know when (the recording: 76 of a group's first 100 rows).
 */
export function reachedBeforeTracking(player: SimPlayer, epoch: number, at: number): SimAchievement[] {
  return candidates(player, epoch, at).map((candidate) => undated(player, candidate, at));
}

/**
 * Each tracked member's achievements: up to three reached since WOM first saw them, dated over the
 * last 120 days, and the rest found already reached at that first sight, dated 1970. Newest first.
 */
export function generateAchievements(rng: Rng, members: SimPlayer[], epoch: number): SimAchievement[] {
  const achievements: SimAchievement[] = [];
  for (const player of members) {
    if (!player.tracked) continue;
    const found = candidates(player, epoch, epoch);
    const recent = new Set(rng.shuffle(latest(found)).slice(0, rng.int(0, 3)));
    const firstSeen = Math.max(player.registeredAt, epoch - WINDOW_DAYS * DAY_MS);
    for (const candidate of found) {
      if (!recent.has(candidate)) {
        achievements.push(undated(player, candidate, player.registeredAt));
        continue;
      }
      const createdAt = rng.int(firstSeen, epoch);
      achievements.push({
        playerId: player.id,
        ...candidate,
        // Milliseconds between the two snapshots around the moment; sometimes unknown, never negative.
        accuracy: rng.chance(0.1) ? null : rng.int(60_000, 7 * DAY_MS),
        createdAt,
        foundAt: createdAt,
      });
    }
  }
  return achievements.sort((a, b) => b.createdAt - a.createdAt);
}
