import {
  F2P_BOSSES,
  getCombatLevel,
  MEMBER_SKILLS,
  type PlayerBuild,
  type PlayerType,
} from '@wise-old-man/utils';
import { createRng, type Rng } from '#core/random.ts';
import {
  bossIndex,
  bossMinimum,
  DAY_MS,
  HOUR_MS,
  indexOfSkill,
  levelOf,
  normaliseUsername,
} from './catalogue.ts';
import {
  generateStats,
  type IntendedBuild,
  type StatsModel,
  type StatsProfile,
  type Tier,
} from './player-stats.ts';
import { ehbTargetFor, gemStanding, type RoleSlot } from './roles.ts';
import type { UpdateSchedule } from './timeline.ts';
import type { SimPlayer } from './world.ts';

const COUNTRIES = 'GB US NL AU CA DE SE NO FI BE PL NZ IE DK BR'.split(' ');
const ACTIVE_INTERVAL = 6 * HOUR_MS;
const INACTIVE_INTERVAL = 72 * HOUR_MS;

function tierFor(rng: Rng, slot: RoleSlot | null, ehbTarget: number): Tier {
  if (slot === null)
    return rng.weighted<Tier>([
      ['low', 4],
      ['mid', 4],
      ['high', 2],
    ]);
  switch (slot.path) {
    case 'maxed':
      return 'maxed';
    case 'staff':
      return rng.weighted<Tier>([
        ['high', 2],
        ['combatMaxed', 1],
        ['maxed', 1],
      ]);
    case 'fighter':
      if (ehbTarget >= 1100) return rng.chance(0.3) ? 'maxed' : 'combatMaxed';
      if (ehbTarget >= 500) return 'high';
      if (ehbTarget >= 100) return rng.chance(0.5) ? 'high' : 'mid';
      return rng.weighted<Tier>([
        ['low', 4],
        ['mid', 5],
        ['high', 1],
      ]);
    case 'skiller': {
      const standing = gemStanding(slot.role);
      if (standing >= 0.85) return rng.chance(0.3) ? 'maxed' : 'high';
      if (standing >= 0.5) return rng.chance(0.5) ? 'high' : 'mid';
      return rng.chance(0.5) ? 'mid' : 'low';
    }
  }
}

function ehbForTier(rng: Rng, tier: Tier): number {
  switch (tier) {
    case 'low':
      return rng.float(0, 8);
    case 'mid':
      return rng.float(0, 60);
    case 'high':
      return rng.float(10, 250);
    case 'combatMaxed':
      return rng.float(200, 900);
    case 'maxed':
      return rng.float(100, 800);
  }
}

function buildFor(rng: Rng, slot: RoleSlot | null, tier: Tier): IntendedBuild {
  // Staff and the biggest accounts are plain mains; pures and skillers are rank-and-file.
  if (tier === 'maxed' || tier === 'combatMaxed' || slot?.path === 'staff') return 'main';
  if (slot?.path === 'fighter')
    return rng.weighted<IntendedBuild>([
      ['main', 90],
      ['zerker', 5],
      ['def1', 5],
    ]);
  return rng.weighted<IntendedBuild>([
    ['main', 88],
    ['lvl3', 3],
    ['f2p', 3],
    ['def1', 2],
    ['zerker', 2],
    ['hp10', 2],
  ]);
}

/**
 * A profile for one account: how big it is, which ladder its role is on (gem members lean to
 * skilling, combat members to bossing, with EHB in their band), its build and how often it plays.
 */
export function planProfile(rng: Rng, slot: RoleSlot | null, skillsAt200m: number): StatsProfile {
  const fighter = slot?.path === 'fighter';
  const bandTarget = fighter && slot !== null ? ehbTargetFor(rng, slot.role) : 0;
  let tier: Tier = skillsAt200m > 0 ? 'maxed' : tierFor(rng, slot, bandTarget);
  // A few accounts have maxed combat without being maxed overall (about 10% at 126 in all).
  if ((tier === 'mid' || tier === 'high') && rng.chance(0.03)) tier = 'combatMaxed';
  const build = buildFor(rng, slot, tier);
  let ehbTarget = fighter ? bandTarget : ehbForTier(rng, tier);
  if (slot?.path === 'skiller') ehbTarget *= 0.5;
  return {
    tier,
    path: slot?.path ?? 'staff',
    build,
    ehbTarget,
    skillsAt200m,
    activeness: rng.weighted([
      ['active', 80],
      ['slow', 12],
      ['frozen', 8],
    ] as const),
  };
}

/** The build the WOM server would derive from these stats, in its order of checks (§3.3). */
export function deriveBuild(model: StatsModel): PlayerBuild {
  const level = (skill: Parameters<typeof indexOfSkill>[0]) => levelOf(model.xp[indexOfSkill(skill)] ?? 0);
  const combat = getCombatLevel(
    level('attack'),
    level('strength'),
    level('defence'),
    level('ranged'),
    level('magic'),
    level('hitpoints'),
    level('prayer'),
  );
  const f2pBosses = new Set(F2P_BOSSES);
  const membersXp = MEMBER_SKILLS.some((skill) => (model.xp[indexOfSkill(skill)] ?? 0) > 0);
  const membersKills = [...bossIndex].some(
    ([boss, index]) => !f2pBosses.has(boss) && (model.kills[index] ?? 0) >= bossMinimum(boss),
  );
  if (!membersXp && !membersKills) return combat <= 3 ? 'f2p_lvl3' : 'f2p';
  if (combat <= 3) return 'lvl3';
  if (level('hitpoints') === 10) return 'hp10';
  if (level('defence') === 1) return 'def1';
  if (level('defence') >= 40 && level('defence') <= 45) return 'zerker';
  return 'main';
}

export interface NewPlayer {
  seed: number;
  /** Names this player's random streams, so each player's stats are independent of the others. */
  label: string;
  id: number;
  displayName: string;
  profile: StatsProfile;
  epoch: number;
  /** Created this long before the epoch (membership dates are chosen before this). */
  registeredAt: number;
  tracked: boolean;
}

export function createPlayer(input: NewPlayer): SimPlayer {
  const rng = createRng(input.seed, 'player', input.label);
  const model = generateStats(createRng(input.seed, 'stats', input.label), input.profile);
  const accountType = rng.weighted<Exclude<PlayerType, 'unknown'>>([
    ['regular', 76],
    ['ironman', 15],
    ['hardcore', 5],
    ['ultimate', 4],
  ]);
  const interval = input.profile.activeness === 'active' ? ACTIVE_INTERVAL : INACTIVE_INTERVAL;
  const schedule: UpdateSchedule = { intervalMs: interval, phaseMs: rng.int(0, interval - 1) };
  return {
    id: input.id,
    username: normaliseUsername(input.displayName),
    displayName: input.displayName,
    accountType,
    build: deriveBuild(model),
    country: rng.chance(0.4) ? null : rng.pick(COUNTRIES),
    registeredAt: input.registeredAt,
    tracked: input.tracked,
    schedule: input.tracked ? schedule : null,
    manualUpdateAt: null,
    lastGainAt: input.profile.activeness === 'frozen' ? input.epoch - rng.int(20, 200) * DAY_MS : null,
    model,
    adjustments: [],
    cache: null,
  };
}
