import {
  ACTIVITIES,
  BOSSES,
  F2P_BOSSES,
  getExpForLevel,
  MEMBER_SKILLS,
  REAL_SKILLS,
  SkillProps,
  type Activity,
  type Boss,
  type Skill,
} from '@wise-old-man/utils';
import type { Rng } from '#core/random.ts';
import {
  activityMinimum,
  bossMinimum,
  HITPOINTS_XP_AT_10,
  killsPerHour,
  MAX_SKILL_XP,
  UNRANKED_ACTIVITIES,
  UNRANKED_BOSSES,
  XP_AT_99,
} from './catalogue.ts';
import type { Path } from './roles.ts';

/** How far along an account is; `maxed` means every skill at 99 or more. */
export type Tier = 'low' | 'mid' | 'high' | 'combatMaxed' | 'maxed';
/** The build a profile aims at; the reported build is derived from the stats (§3.3). */
export type IntendedBuild = 'main' | 'lvl3' | 'f2p' | 'def1' | 'zerker' | 'hp10';
/** `slow` players gain little, `frozen` ones nothing at all (their lastChangedAt stays in the past). */
export type Activeness = 'active' | 'slow' | 'frozen';

export interface StatsProfile {
  tier: Tier;
  path: Path;
  build: IntendedBuild;
  ehbTarget: number;
  /** How many skills sit at exactly 200M XP (never Sailing, the newest skill). */
  skillsAt200m: number;
  activeness: Activeness;
}

/**
 * A player's stats at the world's epoch plus daily rates; the value at any time is epoch + rate x
 * days (see timeline.ts). Arrays follow REAL_SKILLS, BOSSES and ACTIVITIES.
 */
export interface StatsModel {
  xp: number[];
  xpPerDay: number[];
  kills: number[];
  killsPerDay: number[];
  scores: number[];
  scoresPerDay: number[];
}

/** How far back in time stats must stay consistent (99s stay 99s) for finished competitions. */
const HISTORY_DAYS = 70;
const COMBAT_ONLY_LVL3: ReadonlySet<Skill> = new Set<Skill>([
  'attack',
  'strength',
  'defence',
  'ranged',
  'magic',
  'prayer',
]);
const memberSkills: ReadonlySet<Skill> = new Set(MEMBER_SKILLS);
const f2pBosses: ReadonlySet<Boss> = new Set(F2P_BOSSES);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function averageLevel(rng: Rng, tier: Tier): number {
  switch (tier) {
    case 'low':
      return rng.float(38, 58);
    case 'mid':
      return rng.float(58, 82);
    case 'maxed':
      return 99;
    default:
      return rng.float(82, 96);
  }
}

function targetLevels(rng: Rng, profile: StatsProfile): number[] {
  const average = averageLevel(rng, profile.tier);
  return REAL_SKILLS.map((skill) => {
    if (profile.tier === 'maxed') return 99;
    const combat = SkillProps[skill].isCombat;
    if (combat && profile.tier === 'combatMaxed') return 99;
    let bias = 0;
    if (profile.path === 'fighter') bias += combat ? 8 : -3;
    if (profile.path === 'skiller') bias += combat ? -6 : 5;
    // Sailing is the newest skill, so most accounts are behind in it.
    if (skill === 'sailing') bias -= 15;
    const noise = (rng.next() + rng.next() + rng.next() - 1.5) * 14;
    let level = clamp(Math.round(average + bias + noise), 2, 99);
    if (combat && profile.path === 'fighter' && profile.ehbTarget >= 300) level = Math.max(level, 85);
    if (combat && profile.path === 'fighter' && profile.ehbTarget >= 700) level = Math.max(level, 93);
    return level;
  });
}

function xpForLevel(rng: Rng, level: number): number {
  if (level >= 99) return XP_AT_99;
  const low = getExpForLevel(level);
  const high = getExpForLevel(level + 1);
  return low + Math.floor(rng.float(0.02, 0.95) * (high - low));
}

/** XP past 99: big accounts keep training maxed skills. */
function extraPast99(rng: Rng, tier: Tier, combat: boolean): number {
  if (tier === 'maxed') return Math.floor(Math.pow(rng.next(), 2) * 60_000_000);
  if (tier === 'combatMaxed' && combat) return Math.floor(Math.pow(rng.next(), 3) * 40_000_000);
  if (tier === 'high' || tier === 'combatMaxed') return Math.floor(Math.pow(rng.next(), 3) * 15_000_000);
  return 0;
}

/** Skills the build pins to a fixed value; they never gain, so the build never drifts. */
function pinnedXp(build: IntendedBuild, skill: Skill, level: number): number | null {
  switch (build) {
    case 'lvl3':
      if (COMBAT_ONLY_LVL3.has(skill)) return 0;
      return skill === 'hitpoints' ? HITPOINTS_XP_AT_10 : null;
    case 'f2p':
      return memberSkills.has(skill) ? 0 : null;
    case 'def1':
      return skill === 'defence' ? 0 : null;
    case 'hp10':
      if (skill === 'defence') return 0;
      return skill === 'hitpoints' ? HITPOINTS_XP_AT_10 : null;
    case 'zerker':
      return skill === 'defence' ? getExpForLevel(clamp(level, 40, 45)) + 50 : null;
    default:
      // A main's defence between 35 and 45 would read as a zerker once it reaches 40.
      return skill === 'defence' && level >= 35 && level <= 45 ? getExpForLevel(46) + 100 : null;
  }
}

function generateSkills(rng: Rng, profile: StatsProfile, activity: number) {
  const levels = targetLevels(rng, profile);
  const xp: number[] = [];
  const xpPerDay: number[] = [];
  const at200m = new Set<Skill>(
    rng
      .shuffle(REAL_SKILLS.filter((skill) => skill !== 'sailing'))
      .slice(0, Math.max(0, profile.skillsAt200m)),
  );
  REAL_SKILLS.forEach((skill, index) => {
    let level = levels[index] ?? 1;
    const combat = SkillProps[skill].isCombat;
    if (profile.build === 'def1' || profile.build === 'hp10') {
      if (skill === 'attack' || skill === 'strength') level = Math.max(level, 30);
    }
    if (skill === 'hitpoints') level = Math.max(level, 11);
    const pinned = pinnedXp(profile.build, skill, level);
    if (pinned !== null) {
      xp.push(pinned);
      xpPerDay.push(0);
      return;
    }
    if (at200m.has(skill)) {
      xp.push(MAX_SKILL_XP);
      xpPerDay.push(0);
      return;
    }
    let value = xpForLevel(rng, level) + (level >= 99 ? extraPast99(rng, profile.tier, combat) : 0);
    let rate = Math.round(getExpForLevel(Math.min(level, 99)) * rng.float(0.0008, 0.006) * activity);
    // A main whose defence is low must not creep into the zerker band (40-45) over time.
    if (skill === 'defence' && profile.build === 'main' && level < 46) rate = 0;
    // Keep 99s at 99 even at the oldest time the simulator reports on.
    if (level >= 99) value += rate * HISTORY_DAYS;
    if (value >= MAX_SKILL_XP) {
      value = MAX_SKILL_XP;
      rate = 0;
    }
    xp.push(value);
    xpPerDay.push(rate);
  });
  return { xp, xpPerDay };
}

/**
 * Boss kills that add up to the profile's EHB: a spread over several bosses, topped up on the
 * favourite one when kills under a boss's hiscores minimum (reported as -1) left it short.
 */
function generateBosses(rng: Rng, profile: StatsProfile, activity: number) {
  const kills = BOSSES.map(() => 0);
  const killsPerDay = BOSSES.map(() => 0);
  const f2pOnly = profile.build === 'lvl3' || profile.build === 'f2p';
  if (f2pOnly) {
    BOSSES.forEach((boss, index) => {
      if (f2pBosses.has(boss) && rng.chance(0.5)) kills[index] = rng.int(0, 60);
    });
    return { kills, killsPerDay };
  }
  const target = profile.ehbTarget;
  if (target > 0) {
    const count = clamp(Math.round(3 + target / 25), 1, BOSSES.length);
    const chosen = rng.shuffle(BOSSES.map((_, index) => index)).slice(0, count);
    // An unranked boss still takes its draw, so every other account's stats stay as the seed made them.
    const weights = chosen.map((index) => {
      const weight = Math.pow(rng.float(0.2, 1), 2);
      return UNRANKED_BOSSES.has(BOSSES[index] as Boss) ? 0 : weight;
    });
    const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
    if (weightSum > 0) {
      chosen.forEach((index, position) => {
        const boss = BOSSES[index] as Boss;
        const hours = (target * (weights[position] ?? 0)) / weightSum;
        kills[index] = Math.min(5_000, Math.floor(hours * killsPerHour(boss)));
      });
      const counted = BOSSES.reduce((sum, boss, index) => {
        const value = kills[index] ?? 0;
        return value >= bossMinimum(boss) ? sum + value / killsPerHour(boss) : sum;
      }, 0);
      const favourite = chosen[weights.indexOf(Math.max(...weights))];
      if (favourite !== undefined && counted < target) {
        const boss = BOSSES[favourite] as Boss;
        const topUp = Math.ceil((target - counted) * killsPerHour(boss)) + 1;
        kills[favourite] = Math.max(bossMinimum(boss), (kills[favourite] ?? 0) + topUp);
      }
    }
  }
  BOSSES.forEach((_, index) => {
    killsPerDay[index] = (kills[index] ?? 0) * rng.float(0.0003, 0.003) * activity;
  });
  return { kills, killsPerDay };
}

const isClueTier = (activity: Activity) =>
  activity.startsWith('clue_scrolls_') && activity !== 'clue_scrolls_all';

function generateActivities(rng: Rng, profile: StatsProfile, activity: number) {
  const size = profile.tier === 'low' ? 0.3 : profile.tier === 'mid' ? 0.6 : 1;
  let tier = 0;
  const scores: number[] = [];
  const scoresPerDay: number[] = [];
  ACTIVITIES.forEach((name) => {
    if (isClueTier(name)) {
      // Harder tiers (later in the list) are rarer.
      const cap = (400 * size) / (1 + tier);
      tier += 1;
      scores.push(Math.floor(Math.pow(rng.next(), 1.5) * cap));
      scoresPerDay.push(rng.float(0, 0.4) * size * activity);
      return;
    }
    // The "all" total is recomputed from the tiers at every time (timeline.ts).
    if (name === 'clue_scrolls_all' || !rng.chance(0.3)) {
      scores.push(0);
      scoresPerDay.push(0);
      return;
    }
    const minimum = activityMinimum(name);
    const score = minimum + Math.floor(Math.pow(rng.next(), 2) * Math.max(500, minimum * 8));
    scores.push(UNRANKED_ACTIVITIES.has(name) ? 0 : score);
    scoresPerDay.push(0);
  });
  return { scores, scoresPerDay };
}

export function generateStats(rng: Rng, profile: StatsProfile): StatsModel {
  const activity = profile.activeness === 'frozen' ? 0 : profile.activeness === 'slow' ? 0.3 : 1;
  return {
    ...generateSkills(rng, profile, activity),
    ...generateBosses(rng, profile, activity),
    ...generateActivities(rng, profile, activity),
  };
}
