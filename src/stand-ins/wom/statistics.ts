import { ACTIVITIES, BOSSES, COMPUTED_METRICS, getLevel, REAL_SKILLS, SKILLS } from '@wise-old-man/utils';
import {
  bossMinimum,
  killsPerHour,
  levelOf,
  MAX_SKILL_XP,
  MAXED_TOTAL_LEVEL,
  round5,
  totalLevel,
  xpPerHour,
} from './catalogue.ts';
import { legacyError } from './replies.ts';
import { iso, playerJson } from './responses.ts';
import { keyed } from './snapshot.ts';
import type { SnapshotSummary } from './snapshot.ts';
import type {
  ActivityEntry,
  BossEntry,
  ComputedEntry,
  GroupStatisticsJson,
  PlayerJson,
  SkillEntry,
  SnapshotData,
  SnapshotJson,
} from './wom-shapes.ts';
import { playerState, type SimPlayer, type World } from './world.ts';

interface Tracked {
  player: SimPlayer;
  data: SnapshotData;
  summary: SnapshotSummary;
}

const average = (values: number[]) =>
  Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);

function entryOf<T>(record: Record<string, T>, metric: string): T {
  const entry = record[metric];
  if (entry === undefined) throw new Error(`Snapshot without ${metric}`);
  return entry;
}

/** §2.4 step 5: every value and rank averaged (-1s included), levels and hours recomputed from them. */
function averageStats(members: Tracked[], now: number): SnapshotJson {
  const avg = (pick: (data: SnapshotData) => number) => average(members.map((member) => pick(member.data)));
  const skillXp = REAL_SKILLS.map((skill) => avg((data) => entryOf(data.skills, skill).experience));
  let ehpSum = 0;
  const skills = SKILLS.map((skill): SkillEntry => {
    const experience = avg((data) => entryOf(data.skills, skill).experience);
    const rank = avg((data) => entryOf(data.skills, skill).rank);
    if (skill === 'overall') return { metric: skill, experience, rank, level: totalLevel(skillXp), ehp: 0 };
    const ehp = experience > 0 ? experience / xpPerHour(skill) : 0;
    ehpSum += ehp;
    return { metric: skill, experience, rank, level: levelOf(experience), ehp: round5(ehp) };
  });
  const overall = skills.find((entry) => entry.metric === 'overall');
  if (overall !== undefined) overall.ehp = round5(ehpSum);
  const bosses = BOSSES.map((boss): BossEntry => {
    const kills = avg((data) => entryOf(data.bosses, boss).kills);
    // Averages are costed with the main account's rates.
    const ehb = kills >= bossMinimum(boss) ? round5(kills / killsPerHour(boss)) : 0;
    return { metric: boss, kills, rank: avg((data) => entryOf(data.bosses, boss).rank), ehb };
  });
  const activities = ACTIVITIES.map((activity): ActivityEntry => ({
    metric: activity,
    score: avg((data) => entryOf(data.activities, activity).score),
    rank: avg((data) => entryOf(data.activities, activity).rank),
  }));
  const computed = COMPUTED_METRICS.map((metric): ComputedEntry => ({
    metric,
    value: avg((data) => entryOf(data.computed, metric).value),
    rank: avg((data) => entryOf(data.computed, metric).rank),
  }));
  return {
    id: -1,
    playerId: -1,
    createdAt: iso(now),
    importedAt: null,
    data: {
      skills: keyed(skills),
      bosses: keyed(bosses),
      activities: keyed(activities),
      computed: keyed(computed),
    },
  };
}

/** The first member (membership order) holding the highest value: a stable sort, as the server does. */
function leader(members: Tracked[], value: (member: Tracked) => number): Tracked {
  let best = members[0] as Tracked;
  for (const member of members) if (value(member) > value(best)) best = member;
  return best;
}

function metricLeaders(world: World, members: Tracked[], now: number) {
  const players = new Map<number, PlayerJson>();
  const playerOf = (member: Tracked, top: number) => {
    if (top === -1) return null;
    let json = players.get(member.player.id);
    if (json === undefined) {
      json = playerJson(world, member.player, now);
      players.set(member.player.id, json);
    }
    return json;
  };
  const skills = SKILLS.map((skill) => {
    const top = leader(members, (member) => entryOf(member.data.skills, skill).experience);
    const entry = entryOf(top.data.skills, skill);
    return {
      metric: skill,
      experience: entry.experience,
      rank: entry.rank,
      level: skill === 'overall' ? entry.level : getLevel(Math.max(0, entry.experience)),
      player: playerOf(top, entry.experience),
    };
  });
  const bosses = BOSSES.map((boss) => {
    const top = leader(members, (member) => entryOf(member.data.bosses, boss).kills);
    const entry = entryOf(top.data.bosses, boss);
    return { metric: boss, kills: entry.kills, rank: entry.rank, player: playerOf(top, entry.kills) };
  });
  const activities = ACTIVITIES.map((activity) => {
    const top = leader(members, (member) => entryOf(member.data.activities, activity).score);
    const entry = entryOf(top.data.activities, activity);
    return { metric: activity, score: entry.score, rank: entry.rank, player: playerOf(top, entry.score) };
  });
  const computed = COMPUTED_METRICS.map((metric) => {
    const top = leader(members, (member) => entryOf(member.data.computed, metric).value);
    const entry = entryOf(top.data.computed, metric);
    return { metric, value: entry.value, rank: entry.rank, player: playerOf(top, entry.value) };
  });
  return {
    skills: keyed(skills),
    bosses: keyed(bosses),
    activities: keyed(activities),
    computed: keyed(computed),
  };
}

/** GET /groups/:id/statistics, implemented as §2.4 describes FetchGroupStatisticsService. */
export function groupStatistics(world: World, now: number): GroupStatisticsJson {
  const members: Tracked[] = [];
  for (const membership of world.memberships) {
    const player = world.players.get(membership.playerId);
    if (player === undefined) continue;
    const snapshot = playerState(world, player, now).snapshot;
    if (snapshot !== null) members.push({ player, data: snapshot.json.data, summary: snapshot.summary });
  }
  if (members.length === 0) throw legacyError(400, "Couldn't find any stats for this group.");
  return {
    maxedCombatCount: members.filter((member) => member.summary.combatLevel === 126).length,
    maxedTotalCount: members.filter(
      (member) => entryOf(member.data.skills, 'overall').level === MAXED_TOTAL_LEVEL,
    ).length,
    // Counts skills, not players: one account with 24 skills at 200M adds 24.
    maxed200msCount: members.reduce(
      (sum, member) =>
        sum +
        REAL_SKILLS.filter((skill) => entryOf(member.data.skills, skill).experience === MAX_SKILL_XP).length,
      0,
    ),
    averageStats: averageStats(members, now),
    metricLeaders: metricLeaders(world, members, now),
  };
}
