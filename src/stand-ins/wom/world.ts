import type { GroupRole, Metric, PlayerBuild, PlayerType } from '@wise-old-man/utils';
import { normaliseUsername } from './catalogue.ts';
import { reachedBeforeTracking } from './generate-achievements.ts';
import type { StatsModel } from './player-stats.ts';
import { buildSnapshot, type BuiltSnapshot } from './snapshot.ts';
import { lastUpdateAt, rawStatsAt, type UpdateSchedule, type XpAdjustment } from './timeline.ts';
import type { AchievementMeasure, CompetitionType } from './wom-shapes.ts';

/** Everything the simulator knows; generated once from the seed, then edited by requests and tests. */
export interface SimPlayer {
  id: number;
  username: string;
  displayName: string;
  /** What the hiscores would say; reported as 'unknown' until the player's first update. */
  accountType: Exclude<PlayerType, 'unknown'>;
  build: PlayerBuild;
  country: string | null;
  registeredAt: number;
  /** False for a player WOM has never managed to update: no snapshot, updatedAt null. */
  tracked: boolean;
  schedule: UpdateSchedule | null;
  /** The latest forced update (update-all, POST /players, gainExperience). */
  manualUpdateAt: number | null;
  /** For players who stopped gaining, when they last gained; null when every update shows gains. */
  lastGainAt: number | null;
  model: StatsModel;
  adjustments: XpAdjustment[];
  cache: { key: string; snapshot: BuiltSnapshot } | null;
}

export interface SimMembership {
  playerId: number;
  role: GroupRole;
  createdAt: number;
  updatedAt: number;
  /** The in-game join day a RuneLite clan sync reports, and when WOM receives it; null: never. */
  clientSync: { joinedAt: number; at: number } | null;
}

export interface SimGroup {
  id: number;
  name: string;
  clanChat: string;
  description: string;
  homeworld: number;
  score: number;
  createdAt: number;
  updatedAt: number;
  verificationCode: string;
}

export interface SimParticipant {
  playerId: number;
  /** The gain over the whole competition, in the metric's unit; ongoing ones reach it pro rata. */
  plannedGain: number;
  /** False for participants WOM had no snapshots for: they show -1 start and end. */
  hasData: boolean;
  /** The team they play for in a team competition; null in a classic one. */
  teamName: string | null;
}

export interface SimCompetition {
  id: number;
  title: string;
  type: CompetitionType;
  metric: Metric;
  startsAt: number;
  endsAt: number;
  createdAt: number;
  score: number;
  participants: SimParticipant[];
}

export interface SimAchievement {
  playerId: number;
  name: string;
  metric: Metric;
  threshold: number;
  /** A positive millisecond count, or null when WOM cannot say (always, for an undated one). */
  accuracy: number | null;
  /** 0 (1970) for one WOM found already reached and cannot date. */
  createdAt: number;
  measure: AchievementMeasure;
  /** When WOM stored it; it lists nothing before. */
  foundAt: number;
}

export interface WatchCase {
  accused_rsn: string;
  published_date: string;
  reason: string;
  evidence_rating: string;
  quick_find: string;
  source: string;
}

/** A name change WOM approves at `at`: before it the player is `from`, from then on `to`. */
export interface ScheduledRename {
  playerId: number;
  at: number;
  from: string;
  to: string;
}

export interface World {
  seed: number;
  epoch: number;
  group: SimGroup;
  players: Map<number, SimPlayer>;
  byUsername: Map<string, SimPlayer>;
  memberships: SimMembership[];
  /** Memberships of players who left, kept so restoreMember can bring back their role. */
  departed: Map<number, SimMembership>;
  competitions: SimCompetition[];
  /** Newest first by createdAt, the only order WOM keeps (rows with equal dates have none). */
  achievements: SimAchievement[];
  watchList: WatchCase[];
  /** The clan's own name changes, at most one per player; the clock decides which name is current. */
  renames: ScheduledRename[];
  /** Ids of the members the clan knows as alts (second accounts); WOM itself never says so. */
  alts: number[];
  nextPlayerId: number;
}

export interface PlayerState {
  updatedAt: number | null;
  lastChangedAt: number | null;
  snapshot: BuiltSnapshot | null;
}

const NEVER_UPDATED: PlayerState = { updatedAt: null, lastChangedAt: null, snapshot: null };

/**
 * The player as WOM would show them at `now`: their last update and the snapshot taken then. The
 * snapshot is cached per update time, so requests between two updates reuse it.
 */
export function playerState(world: World, player: SimPlayer, now: number): PlayerState {
  if (!player.tracked) return NEVER_UPDATED;
  const updatedAt = lastUpdateAt(player.schedule, player.manualUpdateAt, world.epoch, now);
  if (updatedAt === null) return NEVER_UPDATED;
  const key = `${updatedAt}:${player.adjustments.length}`;
  if (player.cache?.key !== key) {
    const raw = rawStatsAt(player.model, world.epoch, updatedAt, player.adjustments);
    player.cache = { key, snapshot: buildSnapshot(raw, player.build, player.id, updatedAt) };
  }
  let lastChangedAt = updatedAt;
  if (player.lastGainAt !== null) {
    lastChangedAt = player.adjustments.reduce(
      (latest, adjustment) => (adjustment.at <= updatedAt ? Math.max(latest, adjustment.at) : latest),
      player.lastGainAt,
    );
  }
  return { updatedAt, lastChangedAt, snapshot: player.cache.snapshot };
}

export function findPlayerByName(world: World, name: string): SimPlayer | undefined {
  return world.byUsername.get(normaliseUsername(name));
}

/** The join day WOM knows at `now`: nothing until a RuneLite clan sync has reported it. */
export function clientSyncJoinedAt(membership: SimMembership, now: number): number | null {
  const sync = membership.clientSync;
  return sync !== null && sync.at <= now ? sync.joinedAt : null;
}

/** A membership changes when WOM learns its join day, and the group with it. */
export function membershipUpdatedAt(membership: SimMembership, now: number): number {
  const sync = membership.clientSync;
  return sync !== null && sync.at <= now ? Math.max(membership.updatedAt, sync.at) : membership.updatedAt;
}

export function membershipOf(world: World, playerId: number): SimMembership | undefined {
  return world.memberships.find((membership) => membership.playerId === playerId);
}

/** Gives the player a new name; the old one stops resolving, as after a WOM name change. */
export function setDisplayName(world: World, player: SimPlayer, displayName: string): void {
  world.byUsername.delete(player.username);
  player.username = normaliseUsername(displayName);
  player.displayName = displayName;
  world.byUsername.set(player.username, player);
}

/**
 * Puts every scheduled rename's player under the name they had at `now`, in either direction, so a
 * clock moved back (a replayed history) sees the old names again.
 */
export function applyScheduledRenames(world: World, now: number): void {
  for (const rename of world.renames) {
    const player = world.players.get(rename.playerId);
    const name = now >= rename.at ? rename.to : rename.from;
    if (player !== undefined && player.displayName !== name) setDisplayName(world, player, name);
  }
}

export function requirePlayer(world: World, playerId: number): SimPlayer {
  const player = world.players.get(playerId);
  if (player === undefined) throw new RangeError(`No player with id ${playerId}`);
  return player;
}

/**
 * A player's update time is "now" from here on. A never-updated player gets their first snapshot, and
 * with it every achievement they had already reached, undated.
 */
export function markUpdated(world: World, player: SimPlayer, now: number): void {
  if (!player.tracked) world.achievements.push(...reachedBeforeTracking(player, world.epoch, now));
  player.tracked = true;
  player.manualUpdateAt = now;
}
