import {
  ACTIVITIES,
  BOSSES,
  COMPUTED_METRICS,
  REAL_SKILLS,
  SKILLS,
  type PlayerBuild,
} from '@wise-old-man/utils';
import { hashString } from '#core/random.ts';
import {
  activityMinimum,
  bossMinimum,
  combatLevelOf,
  hasBossRates,
  killsPerHour,
  levelOf,
  MAX_SKILL_XP,
  rankFor,
  round5,
  totalLevel,
  XP_AT_99,
  xpPerHour,
} from './catalogue.ts';
import type { RawStats } from './timeline.ts';
import type {
  ActivityEntry,
  BossEntry,
  ComputedEntry,
  SkillEntry,
  SnapshotData,
  SnapshotJson,
} from './wom-shapes.ts';

/** The player-level numbers that PlayerResponse repeats from the latest snapshot. */
export interface SnapshotSummary {
  exp: number;
  ehp: number;
  ehb: number;
  ttm: number;
  tt200m: number;
  combatLevel: number;
}

export interface BuiltSnapshot {
  json: SnapshotJson;
  /** The JSON text, kept so bulk responses splice strings instead of re-serialising 2,000 snapshots. */
  text: string;
  summary: SnapshotSummary;
}

/** A per-metric spread so ranks differ between metrics with the same value. */
const spread = (metric: string) => 0.6 + (hashString(`rank:${metric}`) % 800) / 1000;

/** Hiscores hide small values: 0 XP, or kills and scores under the metric's minimum, read as -1. */
const shown = (value: number, minimum: number) => (value >= minimum && value > 0 ? value : -1);

export function skillEntries(xpBySkill: readonly number[]): { entries: SkillEntry[]; ehp: number } {
  let ehp = 0;
  let overallXp = 0;
  const bySkill = new Map<string, SkillEntry>();
  REAL_SKILLS.forEach((skill, index) => {
    const xp = xpBySkill[index] ?? 0;
    const experience = shown(xp, 1);
    const skillEhp = experience > 0 ? experience / xpPerHour(skill) : 0;
    ehp += skillEhp;
    overallXp += Math.max(0, experience);
    bySkill.set(skill, {
      metric: skill,
      experience,
      rank: rankFor(experience, 8_000_000, Math.round(2_000_000 * spread(skill)), 1.6),
      level: levelOf(experience),
      ehp: round5(skillEhp),
    });
  });
  const overall: SkillEntry = {
    metric: 'overall',
    experience: overallXp,
    rank: rankFor(overallXp, 150_000_000, 2_400_000, 1.8),
    level: totalLevel(xpBySkill),
    ehp: round5(ehp),
  };
  // SKILLS decides the order (overall first); a skill the package adds later still gets an entry.
  const entries = SKILLS.map((skill) => (skill === 'overall' ? overall : bySkill.get(skill))).filter(
    (entry): entry is SkillEntry => entry !== undefined,
  );
  return { entries, ehp };
}

export function bossEntries(
  kills: readonly number[],
  build: PlayerBuild,
): { entries: BossEntry[]; ehb: number } {
  let ehb = 0;
  const rates = hasBossRates(build);
  const entries = BOSSES.map((boss, index): BossEntry => {
    const value = shown(kills[index] ?? 0, bossMinimum(boss));
    const bossEhb = rates && value > 0 ? value / killsPerHour(boss) : 0;
    ehb += bossEhb;
    return {
      metric: boss,
      kills: value,
      rank: rankFor(value, 300, Math.round(200_000 * spread(boss)), 1.4),
      ehb: round5(bossEhb),
    };
  });
  return { entries, ehb };
}

function activityEntries(scores: readonly number[]): ActivityEntry[] {
  return ACTIVITIES.map((activity, index) => {
    const minimum = activityMinimum(activity);
    const score = shown(scores[index] ?? 0, minimum);
    return {
      metric: activity,
      score,
      rank: rankFor(score, minimum * 50 + 100, Math.round(500_000 * spread(activity)), 1.3),
    };
  });
}

function computedEntries(ehp: number, ehb: number): ComputedEntry[] {
  return COMPUTED_METRICS.map((metric) => {
    const value = metric === 'ehp' ? ehp : ehb;
    const rank = metric === 'ehp' ? rankFor(value, 500, 1_500_000, 1.7) : rankFor(value, 100, 800_000, 1.5);
    return { metric, value, rank };
  });
}

/**
 * Keys in package order: the catalogue arrays drive the insertion order, and JSON keeps it. The
 * entries always cover the whole catalogue, which is what makes the Record type true.
 */
export function keyed<K extends string, T extends { metric: K }>(entries: readonly T[]): Record<K, T> {
  const record: Partial<Record<K, T>> = {};
  for (const entry of entries) record[entry.metric] = entry;
  return record as Record<K, T>;
}

const overallExperience = (entries: readonly SkillEntry[]) =>
  entries.find((entry) => entry.metric === 'overall')?.experience ?? 0;

/** Hours of efficient play still needed, to 99 in every skill (ttm) and to 200M in every skill. */
function hoursLeft(xpBySkill: readonly number[], goal: number): number {
  return round5(
    REAL_SKILLS.reduce((sum, skill, index) => {
      const xp = Math.max(0, xpBySkill[index] ?? 0);
      return sum + Math.max(0, goal - xp) / xpPerHour(skill);
    }, 0),
  );
}

export function buildSnapshot(
  raw: RawStats,
  build: PlayerBuild,
  playerId: number,
  createdAt: number,
): BuiltSnapshot {
  const skills = skillEntries(raw.xp);
  const bosses = bossEntries(raw.kills, build);
  const ehp = round5(skills.ehp);
  const ehb = round5(bosses.ehb);
  const data: SnapshotData = {
    skills: keyed(skills.entries),
    bosses: keyed(bosses.entries),
    activities: keyed(activityEntries(raw.scores)),
    computed: keyed(computedEntries(ehp, ehb)),
  };
  const json: SnapshotJson = {
    id: -1,
    playerId,
    createdAt: new Date(createdAt).toISOString(),
    importedAt: null,
    data,
  };
  return {
    json,
    text: JSON.stringify(json),
    summary: {
      exp: overallExperience(skills.entries),
      ehp,
      ehb,
      ttm: hoursLeft(raw.xp, XP_AT_99),
      tt200m: hoursLeft(raw.xp, MAX_SKILL_XP),
      combatLevel: combatLevelOf(raw.xp),
    },
  };
}
