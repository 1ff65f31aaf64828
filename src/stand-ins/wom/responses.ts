import type { SimCompetition, SimMembership, SimPlayer, World } from './world.ts';
import { clientSyncJoinedAt, membershipUpdatedAt, playerState } from './world.ts';
import type { CompetitionJson, GroupJson, MembershipJson, PlayerJson } from './wom-shapes.ts';

export const iso = (time: number): string => new Date(time).toISOString();
export const isoOrNull = (time: number | null): string | null => (time === null ? null : iso(time));

/** PlayerResponse (§2.0); a never-updated player is an 'unknown' 'main' with zeros and no dates, as recorded. */
export function playerJson(world: World, player: SimPlayer, now: number): PlayerJson {
  const state = playerState(world, player, now);
  const summary = state.snapshot?.summary;
  return {
    id: player.id,
    username: player.username,
    displayName: player.displayName,
    type: state.snapshot === null ? 'unknown' : player.accountType,
    build: state.snapshot === null ? 'main' : player.build,
    status: 'active',
    country: player.country,
    patron: false,
    exp: summary?.exp ?? 0,
    ehp: summary?.ehp ?? 0,
    ehb: summary?.ehb ?? 0,
    ttm: summary?.ttm ?? 0,
    tt200m: summary?.tt200m ?? 0,
    registeredAt: iso(player.registeredAt),
    updatedAt: isoOrNull(state.updatedAt),
    lastChangedAt: isoOrNull(state.lastChangedAt),
    lastImportedAt: null,
  };
}

export function groupJson(world: World, now: number): GroupJson {
  const group = world.group;
  const updatedAt = world.memberships.reduce(
    (latest, membership) => Math.max(latest, membershipUpdatedAt(membership, now)),
    group.updatedAt,
  );
  return {
    id: group.id,
    name: group.name,
    clanChat: group.clanChat,
    description: group.description,
    homeworld: group.homeworld,
    verified: true,
    patron: false,
    visible: true,
    profileImage: null,
    bannerImage: null,
    score: group.score,
    createdAt: iso(group.createdAt),
    updatedAt: iso(updatedAt),
    memberCount: world.memberships.length,
  };
}

export function membershipJson(world: World, membership: SimMembership, now: number): MembershipJson {
  return {
    playerId: membership.playerId,
    groupId: world.group.id,
    role: membership.role,
    clientSyncJoinedAt: isoOrNull(clientSyncJoinedAt(membership, now)),
    createdAt: iso(membership.createdAt),
    updatedAt: iso(membershipUpdatedAt(membership, now)),
  };
}

export type CompetitionStatus = 'upcoming' | 'ongoing' | 'finished';

/** §2.6: finished once endsAt has passed, ongoing once startsAt has, upcoming before that. */
export function competitionStatus(competition: SimCompetition, now: number): CompetitionStatus {
  if (competition.endsAt < now) return 'finished';
  if (competition.startsAt < now) return 'ongoing';
  return 'upcoming';
}

export function competitionJson(world: World, competition: SimCompetition, now: number): CompetitionJson {
  const createdAt = iso(competition.createdAt);
  return {
    id: competition.id,
    title: competition.title,
    type: competition.type,
    startsAt: iso(competition.startsAt),
    endsAt: iso(competition.endsAt),
    groupId: world.group.id,
    score: competition.score,
    visible: true,
    createdAt,
    updatedAt: createdAt,
    metric: competition.metric,
    metrics: [{ weight: 1, metric: competition.metric, createdAt }],
    participantCount: competition.participants.length,
    group: groupJson(world, now),
  };
}
