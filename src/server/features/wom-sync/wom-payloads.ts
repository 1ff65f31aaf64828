import { getCombatLevel } from '@wise-old-man/utils';
import { placeTeams } from '#core/events/team-competition-awards.ts';
import type { GroupMember } from '#core/members/roster-sync.ts';
import { unrankedAsZero } from '#core/wom/unranked.ts';
import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import type {
  WomBulkHiscores,
  WomCompetition,
  WomCompetitionDetails,
  WomGroupDetails,
  WomGroupStatistics,
  WomSnapshot,
} from '../../wom/wom.schemas.ts';

/** Turns WOM payloads into the rows and cached documents the site keeps. Pure mapping, no I/O. */

function levelOf(snapshot: WomSnapshot, skill: string): number {
  return snapshot.data.skills[skill]?.level ?? 1;
}

export function combatLevelOf(snapshot: WomSnapshot): number {
  const level = (skill: string) => levelOf(snapshot, skill);
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

export function groupMembersFrom(group: WomGroupDetails, hiscores: WomBulkHiscores): GroupMember[] {
  const snapshots = new Map(hiscores.map((entry) => [entry.player.id, entry.data]));
  return group.memberships.map((membership) => {
    const snapshot = snapshots.get(membership.playerId);
    const overall = snapshot?.data.skills.overall;
    return {
      wom_id: String(membership.playerId),
      display_name: membership.player.displayName,
      role: membership.role,
      current_xp: Math.max(0, overall?.experience ?? membership.player.exp),
      current_lvl: overall ? overall.level : null,
      combat_level: snapshot ? combatLevelOf(snapshot) : null,
      ehb: membership.player.ehb,
      ehp: membership.player.ehp,
      wom_account_type: membership.player.type,
      build: membership.player.build,
      join_date: (membership.clientSyncJoinedAt ?? membership.createdAt).slice(0, 10),
      last_changed_at: isoOrNull(membership.player.lastChangedAt),
    };
  });
}

/** One spelling of an instant, so an unchanged time never reads as a change. */
function isoOrNull(at: string | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}

/** The group as `/api/wom-group` serves it: the group's facts and each membership's basics. */
export function groupDocument(group: WomGroupDetails) {
  return {
    id: group.id,
    name: group.name,
    clanChat: group.clanChat,
    description: group.description,
    homeworld: group.homeworld,
    verified: group.verified,
    memberCount: group.memberCount,
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
    memberships: group.memberships.map((m) => ({
      playerId: m.playerId,
      role: m.role,
      player: {
        id: m.player.id,
        displayName: m.player.displayName,
        type: m.player.type,
        build: m.player.build,
        exp: m.player.exp,
        ehb: m.player.ehb,
      },
    })),
  };
}
export type GroupDocument = ReturnType<typeof groupDocument>;

function leaderRef(player: { id: number; displayName: string } | null) {
  return player && { id: player.id, displayName: player.displayName };
}

/** Group statistics as `/api/wom-group-stats` serves them (spec §3, Group stats), less the member count. */
export function statisticsDocument(statistics: WomGroupStatistics): Omit<WomGroupStats, 'memberCount'> {
  const overall = statistics.averageStats.data.skills.overall;
  const { bosses, activities } = statistics.metricLeaders;
  return {
    maxedCombatCount: statistics.maxedCombatCount,
    maxedTotalCount: statistics.maxedTotalCount,
    maxed200msCount: statistics.maxed200msCount,
    averageLevel: overall.level,
    averageExperience: overall.experience,
    metricLeaders: {
      bosses: Object.fromEntries(
        Object.entries(bosses).map(([metric, v]) => [
          metric,
          { metric, kills: unrankedAsZero(v.kills), rank: v.rank, player: leaderRef(v.player) },
        ]),
      ),
      activities: Object.fromEntries(
        Object.entries(activities).map(([metric, v]) => [
          metric,
          { metric, score: unrankedAsZero(v.score), rank: v.rank, player: leaderRef(v.player) },
        ]),
      ),
    },
  };
}
export type StatisticsDocument = ReturnType<typeof statisticsDocument>;

export function competitionsDocument(competitions: WomCompetition[]) {
  return competitions.map((c) => ({
    id: c.id,
    title: c.title,
    metric: c.metric,
    metrics: c.metrics,
    type: c.type,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    participantCount: c.participantCount,
  }));
}

/** A competition's standings as stored; a team competition's also place its teams (decision 024). */
export function competitionStandingsDocument(details: WomCompetitionDetails) {
  return {
    id: details.id,
    teams:
      details.type === 'team'
        ? placeTeams(
            details.participations.map((p) => ({
              key: String(p.playerId),
              displayName: p.player.displayName,
              team: p.teamName ?? '',
              gained: p.progress.gained,
            })),
          )
        : null,
    participants: details.participations.map((p) => ({
      playerId: p.playerId,
      displayName: p.player.displayName,
      teamName: p.teamName,
      // A participant off the hiscores at the start or end shows -1 there.
      progress: {
        start: unrankedAsZero(p.progress.start),
        end: unrankedAsZero(p.progress.end),
        gained: p.progress.gained,
      },
    })),
  };
}
export type CompetitionStandings = ReturnType<typeof competitionStandingsDocument>;

export const womCacheKeys = {
  group: 'group',
  statistics: 'group-statistics',
  competitions: 'competitions',
  standings: (competitionId: number) => `competition:${competitionId}`,
} as const;
