import {
  ACTIVITIES,
  ActivityProps,
  BOSSES,
  BossProps,
  getCombatLevel,
  getExpForLevel,
  getLevel,
  REAL_SKILLS,
  type Activity,
  type Boss,
  type PlayerBuild,
  type Skill,
} from '@wise-old-man/utils';
import { hashString } from '#core/random.ts';

/** Game constants and per-metric numbers; the metric lists themselves always come from the package. */
export const MAX_SKILL_XP = 200_000_000;
export const XP_AT_99 = getExpForLevel(99);
export const MAXED_TOTAL_LEVEL = REAL_SKILLS.length * 99;
export const HITPOINTS_XP_AT_10 = getExpForLevel(10);
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

export const skillIndex = new Map<Skill, number>(REAL_SKILLS.map((skill, index) => [skill, index]));
export const bossIndex = new Map<Boss, number>(BOSSES.map((boss, index) => [boss, index]));
export const activityIndex = new Map<Activity, number>(
  ACTIVITIES.map((activity, index) => [activity, index]),
);

export function indexOfSkill(skill: Skill): number {
  const index = skillIndex.get(skill);
  if (index === undefined) throw new RangeError(`Not a real skill: ${skill}`);
  return index;
}

/**
 * Metrics nobody in a generated clan ranks in, as a real group has some (the recording: 44 of 71
 * bosses), so statistics show their leader as -1 with no player: the newest bosses, and Bounty Hunter.
 */
export const UNRANKED_BOSSES: ReadonlySet<Boss> = new Set<Boss>([
  'doom_of_mokhaiotl',
  'maggot_king',
  'shellbane_gryphon',
]);
export const UNRANKED_ACTIVITIES: ReadonlySet<Activity> = new Set<Activity>([
  'bounty_hunter_hunter',
  'bounty_hunter_rogue',
]);

export const bossMinimum = (boss: Boss): number => BossProps[boss].minimumValue;
export const activityMinimum = (activity: Activity): number => ActivityProps[activity].minimumValue;

/** The server's standardizeUsername: separators become spaces, then trim and lower-case. */
export function normaliseUsername(name: string): string {
  return name
    .replace(/[-_\s]/g, ' ')
    .trim()
    .toLowerCase();
}

export function isValidUsername(normalised: string): boolean {
  return /^[a-z0-9 ]{1,12}$/.test(normalised);
}

export const round5 = (value: number): number => Math.round(value * 100_000) / 100_000;

/**
 * WOM's real efficiency tables are large server-side configs; the simulator only needs stable,
 * plausible rates, so each metric gets one derived from its key (the same in every clan).
 */
export const xpPerHour = (skill: Skill): number => 100_000 + (hashString(`ehp:${skill}`) % 300_000);
export const killsPerHour = (boss: Boss): number => 4 + (hashString(`ehb:${boss}`) % 40);

/** Builds whose efficiency algorithm has no boss rates (§3.3), so their EHB is always 0. */
const NO_BOSS_RATES: ReadonlySet<PlayerBuild> = new Set<PlayerBuild>(['lvl3', 'f2p', 'f2p_lvl3']);
export const hasBossRates = (build: PlayerBuild): boolean => !NO_BOSS_RATES.has(build);

/** Levels from raw XP (0 meaning "no XP"); -1 and 0 both give level 1, as getLevel does. */
export const levelOf = (xp: number): number => getLevel(Math.max(0, xp));

/** Total level per §5: hitpoints counts as at least 10, every other skill as at least 1. */
export function totalLevel(xpBySkill: readonly number[]): number {
  let total = 0;
  REAL_SKILLS.forEach((skill, index) => {
    const level = levelOf(xpBySkill[index] ?? 0);
    total += Math.max(level, skill === 'hitpoints' ? 10 : 1);
  });
  return total;
}

export function combatLevelOf(xpBySkill: readonly number[]): number {
  const level = (skill: Skill) => levelOf(xpBySkill[indexOfSkill(skill)] ?? 0);
  return getCombatLevel(
    level('attack'),
    level('strength'),
    level('defence'),
    level('ranged'),
    level('magic'),
    level('hitpoints'),
    level('prayer'),
  );
}

/**
 * A made-up but monotonic hiscores rank: more XP or kills means a better (smaller) rank. `scale` is
 * the value at which a metric is "half way" down its population, `population` how many are ranked.
 */
export function rankFor(value: number, scale: number, population: number, power: number): number {
  if (value < 0) return -1;
  return Math.max(1, Math.round(population / (1 + Math.pow(value / scale, power))));
}
