import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  womAchievementSchema,
  womCompetitionSchema,
  womGroupSchema,
  womGroupStatsSchema,
  type PlayerSnapshot,
  type WomCompetitionItem,
  type WomGroup,
  type WomPlayerItem,
} from '#core/wom/wom-data.schema.ts';
import type { Clock } from '#shared/clock.ts';
import {
  cacheByRevision,
  cacheVariantsByRevision,
  type CachedByRevision,
  type CachedVariantsByRevision,
} from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/http-error.ts';
import { prebuildJson, type PrebuiltBody } from '../../http/prebuilt-body.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { countRosterMembers, listHiddenMemberIds } from '../members/members.repository.ts';
import {
  womCacheKeys,
  type CompetitionStandings,
  type StatisticsDocument,
} from '../wom-sync/wom-payloads.ts';
import { createPlayerReader } from './player-snapshots.ts';
import {
  listRecentAchievements,
  listVisibleMemberSnapshots,
  readWomCache,
  readWomCacheMany,
  readWomCacheText,
} from './wom-data.repository.ts';
import {
  hasHiddenLeader,
  withoutHiddenMemberships,
  withoutHiddenStandings,
  withVisibleLeaders,
  type HiddenPlayers,
  type LeaderCandidate,
} from './wom-data.visibility.ts';

export interface WomDataDeps {
  db: Kysely<Database>;
  clock: Clock;
  gateway: WomGateway;
  /** How long a player's stored stats are served before the gateway is asked again. */
  playerCacheMs: number;
}

export interface WomDataService {
  group: CachedByRevision<PrebuiltBody>;
  groupStats: CachedByRevision<PrebuiltBody>;
  /** By the limit asked for, as its decimal digits. */
  recentAchievements: CachedVariantsByRevision<PrebuiltBody>;
  competitions: CachedByRevision<PrebuiltBody>;
  player(womId: string): Promise<WomPlayerItem>;
}

const NOT_SYNCED = 'The clan has not been synced from Wise Old Man yet';

/**
 * The competitions and standings documents as stored, which may predate fields the sync writes now:
 * WOM's metrics list, team names and team standings (issue 20). They are read as they are until the
 * next sync rewrites them.
 */
type StoredCompetition = Omit<WomCompetitionItem, 'participants' | 'teams' | 'metrics'> & {
  metrics?: string[];
};
type StoredStandings = Omit<CompetitionStandings, 'participants' | 'teams'> & {
  participants: Array<
    Omit<CompetitionStandings['participants'][number], 'teamName'> & { teamName?: string | null }
  >;
  teams?: CompetitionStandings['teams'];
};

/** Who the public must not see: read only when a body is built, since hiding a member bumps a revision. */
async function hiddenPlayers(db: Kysely<Database>): Promise<HiddenPlayers> {
  return new Set((await listHiddenMemberIds(db)).map(Number));
}

async function leaderCandidates(db: Kysely<Database>): Promise<LeaderCandidate[]> {
  const rows = await listVisibleMemberSnapshots(db);
  return rows.flatMap((row) => {
    const snapshot = JSON.parse(row.snapshot) as PlayerSnapshot | null;
    return snapshot ? [{ id: Number(row.wom_id), displayName: row.wom_name ?? row.name, snapshot }] : [];
  });
}

/**
 * The clan's WOM data as the public may see it, served from the database: a visitor's request never
 * becomes a WOM request, except a player's snapshot older than five minutes (player-snapshots.ts).
 */
export function createWomDataService(deps: WomDataDeps): WomDataService {
  const { db } = deps;
  const player = createPlayerReader(deps);

  async function storedPayload(resource: string): Promise<string> {
    const payload = await readWomCacheText(db, resource);
    if (payload === null) throw notFound(NOT_SYNCED);
    return payload;
  }

  return {
    group: cacheByRevision(db, async () => {
      const group = JSON.parse(await storedPayload(womCacheKeys.group)) as WomGroup;
      return prebuildJson(womGroupSchema, withoutHiddenMemberships(group, await hiddenPlayers(db)));
    }),

    groupStats: cacheByRevision(db, async () => {
      const statistics = JSON.parse(await storedPayload(womCacheKeys.statistics)) as StatisticsDocument;
      const hidden = await hiddenPlayers(db);
      // Only a hidden leader costs a read of the stored snapshots, and only when a revision moves.
      const metricLeaders = hasHiddenLeader(statistics.metricLeaders, hidden)
        ? withVisibleLeaders(statistics.metricLeaders, hidden, await leaderCandidates(db))
        : statistics.metricLeaders;
      // Spec §3: the member count comes from the site's own roster, not from WOM, counted as it lists them.
      return prebuildJson(womGroupStatsSchema, {
        ...statistics,
        metricLeaders,
        memberCount: await countRosterMembers(db),
      });
    }),

    // Limits are bounded by the query schema, so this holds a hundred small bodies at most.
    recentAchievements: cacheVariantsByRevision(db, async (limit) => {
      const rows = await listRecentAchievements(db, Number(limit));
      return prebuildJson(
        z.array(womAchievementSchema),
        rows.map((row) => ({
          name: row.name,
          metric: row.metric,
          threshold: row.threshold,
          createdAt: row.achieved_at,
          player: { id: Number(row.player_wom_id), displayName: row.player_name },
        })),
      );
    }),

    competitions: cacheByRevision(db, async () => {
      const hidden = await hiddenPlayers(db);
      const competitions = (await readWomCache<StoredCompetition[]>(db, womCacheKeys.competitions)) ?? [];
      const standings = await readWomCacheMany<StoredStandings>(
        db,
        competitions.map((c) => womCacheKeys.standings(c.id)),
      );
      return prebuildJson(
        z.array(womCompetitionSchema),
        competitions.map((competition) => {
          const stored = standings.get(womCacheKeys.standings(competition.id));
          return {
            ...competition,
            metrics: competition.metrics ?? [competition.metric],
            participants: withoutHiddenStandings(
              stored?.participants.map((participant) => ({
                ...participant,
                teamName: participant.teamName ?? null,
              })) ?? null,
              hidden,
            ),
            teams: stored?.teams ?? null,
          };
        }),
      );
    }),

    player,
  };
}
