import type { Kysely } from 'kysely';
import type {
  PlayerSnapshot,
  WomAchievementItem,
  WomCompetitionItem,
  WomGroup,
  WomGroupStats,
  WomPlayerItem,
} from '#core/wom/wom-data.schema.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/http-error.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { countVisibleMembers, findVisibleMember } from '../members/members.repository.ts';
import {
  womCacheKeys,
  type CompetitionStandings,
  type StatisticsDocument,
  combatLevelOf,
} from '../wom-sync/wom-payloads.ts';
import { upsertMemberStats } from '../wom-sync/wom-sync.repository.ts';
import {
  findMemberStats,
  listRecentAchievements,
  readWomCache,
  readWomCacheMany,
} from './wom-data.repository.ts';

export interface WomDataDeps {
  db: Kysely<Database>;
  clock: Clock;
  gateway: WomGateway;
}

/** How long a player's stored snapshot is served before the gateway is asked again. */
export const PLAYER_REFRESH_MS = 5 * 60 * 1000;

const NOT_SYNCED = 'The clan has not been synced from Wise Old Man yet';

export async function getWomGroup(deps: WomDataDeps): Promise<WomGroup> {
  const group = await readWomCache<WomGroup>(deps.db, womCacheKeys.group);
  if (!group) throw notFound(NOT_SYNCED);
  return group;
}

export async function getWomGroupStats(deps: WomDataDeps): Promise<WomGroupStats> {
  const statistics = await readWomCache<StatisticsDocument>(deps.db, womCacheKeys.statistics);
  if (!statistics) throw notFound(NOT_SYNCED);
  // Spec §3: the member count comes from the site's own roster, not from WOM.
  return { ...statistics, memberCount: await countVisibleMembers(deps.db) };
}

export async function getRecentAchievements(deps: WomDataDeps, limit: number): Promise<WomAchievementItem[]> {
  const rows = await listRecentAchievements(deps.db, limit);
  return rows.map((row) => ({
    name: row.name,
    metric: row.metric,
    threshold: row.threshold,
    createdAt: row.achieved_at,
    player: { id: Number(row.player_wom_id), displayName: row.player_name },
  }));
}

export async function getCompetitions(deps: WomDataDeps): Promise<WomCompetitionItem[]> {
  const competitions =
    (await readWomCache<Array<Omit<WomCompetitionItem, 'participants'>>>(
      deps.db,
      womCacheKeys.competitions,
    )) ?? [];
  const standings = await readWomCacheMany<CompetitionStandings>(
    deps.db,
    competitions.map((c) => womCacheKeys.standings(c.id)),
  );
  return competitions.map((competition) => ({
    ...competition,
    participants: standings.get(womCacheKeys.standings(competition.id))?.participants ?? null,
  }));
}

/**
 * A member's latest snapshot. The stored one is served while it is younger than five minutes;
 * after that the gateway is asked once, and if WOM fails the stored snapshot is served as it is.
 * Only clan members are looked up, so visitors cannot spend the site's WOM budget on anyone.
 */
export async function getPlayer(deps: WomDataDeps, womId: string): Promise<WomPlayerItem> {
  const member = await findVisibleMember(deps.db, womId);
  if (!member) throw notFound('Player not found');
  let stats = await findMemberStats(deps.db, womId);
  const now = deps.clock.now();
  if (!stats || now.getTime() - Date.parse(stats.fetched_at) >= PLAYER_REFRESH_MS) {
    try {
      const { latestSnapshot } = await deps.gateway.getPlayerDetailsById(Number(womId));
      // Stored even when WOM has no snapshot (keeping any older one), so the next five minutes of
      // visits do not ask WOM again.
      const fresh = {
        wom_id: womId,
        snapshot: latestSnapshot ? JSON.stringify(latestSnapshot) : (stats?.snapshot ?? 'null'),
        snapshot_at: latestSnapshot ? latestSnapshot.createdAt : (stats?.snapshot_at ?? null),
        fetched_at: now.toISOString(),
      };
      await upsertMemberStats(deps.db, fresh);
      stats = fresh;
    } catch (error) {
      if (!(error instanceof WomError) || !stats) throw error;
    }
  }
  const snapshot = stats ? (JSON.parse(stats.snapshot) as PlayerSnapshot) : null;
  return {
    id: Number(member.wom_id),
    displayName: member.wom_name ?? member.name,
    type: member.wom_account_type,
    build: member.build,
    exp: member.current_xp,
    ehb: member.ehb,
    combatLevel: snapshot ? combatLevelOf(snapshot) : member.combat_level,
    fetchedAt: stats?.fetched_at ?? now.toISOString(),
    latestSnapshot: snapshot,
  };
}
