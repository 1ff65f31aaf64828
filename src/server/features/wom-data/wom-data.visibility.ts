import type { PlayerSnapshot, WomGroup, WomGroupStats } from '#core/wom/wom-data.schema.ts';

/**
 * WOM reports on the whole group, hidden members included; DESIGN §5.1 says the public never sees
 * them. These pure functions take them out of what WOM sent, keeping each payload's shape.
 */

/** WOM player ids of the members the public must not see. */
export type HiddenPlayers = ReadonlySet<number>;

type Leaders = WomGroupStats['metricLeaders'];
type BossLeader = Leaders['bosses'][string];
type ActivityLeader = Leaders['activities'][string];

/** A visible member who could lead a metric: their stored snapshot and the name WOM shows. */
export interface LeaderCandidate {
  id: number;
  displayName: string;
  snapshot: PlayerSnapshot;
}

/** The group without hidden members' memberships; the count drops by as many. */
export function withoutHiddenMemberships(group: WomGroup, hidden: HiddenPlayers): WomGroup {
  const memberships = group.memberships.filter((membership) => !hidden.has(membership.playerId));
  const removed = group.memberships.length - memberships.length;
  return { ...group, memberCount: Math.max(0, group.memberCount - removed), memberships };
}

/** A competition's standings without hidden members; the others keep their order. */
export function withoutHiddenStandings<T extends { playerId: number }>(
  participants: T[] | null,
  hidden: HiddenPlayers,
): T[] | null {
  return participants && participants.filter((participant) => !hidden.has(participant.playerId));
}

const isHiddenLeader = (leader: { player: { id: number } | null }, hidden: HiddenPlayers) =>
  leader.player !== null && hidden.has(leader.player.id);

export function hasHiddenLeader(leaders: Leaders, hidden: HiddenPlayers): boolean {
  return [...Object.values(leaders.bosses), ...Object.values(leaders.activities)].some((leader) =>
    isHiddenLeader(leader, hidden),
  );
}

/**
 * The ranked candidate with the highest value, the first one on a tie, or null when nobody is
 * ranked: WOM names no leader then (wom-api.md §2.4). Stored snapshots hold an unranked value as 0,
 * so the rank, which keeps WOM's -1, is what tells.
 */
function best<E extends { rank: number }>(
  candidates: readonly LeaderCandidate[],
  entryOf: (snapshot: PlayerSnapshot) => E | undefined,
  valueOf: (entry: E) => number,
): { candidate: LeaderCandidate; entry: E } | null {
  let found: { candidate: LeaderCandidate; entry: E } | null = null;
  for (const candidate of candidates) {
    const entry = entryOf(candidate.snapshot);
    if (entry === undefined || entry.rank < 1) continue;
    if (found === null || valueOf(entry) > valueOf(found.entry)) found = { candidate, entry };
  }
  return found;
}

const playerRef = (candidate: LeaderCandidate) => ({ id: candidate.id, displayName: candidate.displayName });

function nextBossLeader(metric: string, candidates: readonly LeaderCandidate[]): BossLeader {
  const top = best(
    candidates,
    (snapshot) => snapshot.data.bosses[metric],
    (entry) => entry.kills,
  );
  return top === null
    ? { metric, kills: 0, rank: -1, player: null }
    : { metric, kills: top.entry.kills, rank: top.entry.rank, player: playerRef(top.candidate) };
}

function nextActivityLeader(metric: string, candidates: readonly LeaderCandidate[]): ActivityLeader {
  const top = best(
    candidates,
    (snapshot) => snapshot.data.activities[metric],
    (entry) => entry.score,
  );
  return top === null
    ? { metric, score: 0, rank: -1, player: null }
    : { metric, score: top.entry.score, rank: top.entry.rank, player: playerRef(top.candidate) };
}

function replaceHidden<L extends { player: { id: number } | null }>(
  leaders: Record<string, L>,
  hidden: HiddenPlayers,
  next: (metric: string) => L,
): Record<string, L> {
  return Object.fromEntries(
    Object.entries(leaders).map(([metric, leader]) => [
      metric,
      isHiddenLeader(leader, hidden) ? next(metric) : leader,
    ]),
  );
}

/**
 * Each metric led by a hidden member is led instead by the best visible member, from the
 * snapshots the site stores; the other metrics keep WOM's leader.
 */
export function withVisibleLeaders(
  leaders: Leaders,
  hidden: HiddenPlayers,
  candidates: readonly LeaderCandidate[],
): Leaders {
  return {
    bosses: replaceHidden(leaders.bosses, hidden, (metric) => nextBossLeader(metric, candidates)),
    activities: replaceHidden(leaders.activities, hidden, (metric) => nextActivityLeader(metric, candidates)),
  };
}
