import { performance } from 'node:perf_hooks';
import { snapshotWithUnrankedAsZero } from '#core/wom/unranked.ts';
import type { PlayerSnapshot, WomPlayerItem } from '#core/wom/wom-data.schema.ts';
import type { Clock } from '#shared/clock.ts';
import type { MemberRow } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { findVisibleMember } from '../members/members.repository.ts';
import { combatLevelOf } from '../wom-sync/wom-payloads.ts';
import { headlineOf, storePlayerStats, type StatsRow } from './stored-player-stats.ts';
import { findMemberStats } from './wom-data.repository.ts';
import type { WomDataDeps } from './wom-data.service.ts';

/** How long a player's stored snapshot is served before the gateway is asked again, unless configured. */
export const PLAYER_REFRESH_MS = 5 * 60 * 1000;

/** Whether stored stats are young enough to serve without asking WOM. */
export function isFresh<T extends { fetched_at: string }>(
  stored: T | null,
  now: Date,
  cacheMs: number,
): stored is T {
  return stored !== null && now.getTime() - Date.parse(stored.fetched_at) < cacheMs;
}
/**
 * The longest anyone waits for one refresh, counted from when it started: WOM may be slow or
 * retried, and a visitor should get the stored snapshot instead.
 */
export const VISITOR_WAIT_MS = 3_000;
/** After WOM failed for a player, what is stored is served for this long without asking again. */
export const RETRY_PAUSE_MS = 60_000;

/** Where the races' refresh, which asks WOM itself, finds the row it stores. */
export type { StatsRow } from './stored-player-stats.ts';

interface Refresh {
  startedAt: number;
  row: Promise<StatsRow>;
}

const womUnavailable = () =>
  new HttpError(
    503,
    'WOM_UNAVAILABLE',
    "This player's stats are not stored yet and Wise Old Man could not be asked for them just now. Please try again in a minute.",
  );

/**
 * Asks WOM once for the player's stats row, unranked values as 0 like the sync stores them; without
 * a snapshot from WOM, any older one is kept. Stores nothing, so a caller refreshing several players
 * can store them all or none.
 */
export async function fetchPlayerStats(
  gateway: WomGateway,
  womId: string,
  stored: StatsRow | null,
  clock: Clock,
): Promise<StatsRow> {
  const { latestSnapshot } = await gateway.getPlayerDetailsById(Number(womId));
  return {
    wom_id: womId,
    snapshot: latestSnapshot
      ? JSON.stringify(snapshotWithUnrankedAsZero(latestSnapshot))
      : (stored?.snapshot ?? 'null'),
    snapshot_at: latestSnapshot ? latestSnapshot.createdAt : (stored?.snapshot_at ?? null),
    fetched_at: clock.now().toISOString(),
  };
}

/** What is known of a player WOM answered it has never heard of: any snapshot stored before, or none. */
function untrackedStats(womId: string, stored: StatsRow | null, clock: Clock): StatsRow {
  return {
    wom_id: womId,
    snapshot: stored?.snapshot ?? 'null',
    snapshot_at: stored?.snapshot_at ?? null,
    fetched_at: clock.now().toISOString(),
  };
}

/** Asks WOM once and stores the answer, the member's row with it. */
async function fetchAndStore(
  deps: WomDataDeps,
  gateway: WomGateway,
  womId: string,
  stored: StatsRow | null,
): Promise<StatsRow> {
  const fresh = await fetchPlayerStats(gateway, womId, stored, deps.clock).catch((error: unknown) => {
    // WOM does not track this member (an admin added them by hand): that is an answer, not an
    // outage, kept like a player WOM has no snapshot of, so they are served and not asked again.
    if (error instanceof WomError && error.status === 404) return untrackedStats(womId, stored, deps.clock);
    throw error;
  });
  await deps.db.transaction().execute((trx) => storePlayerStats(trx, fresh, deps.clock.now()));
  return fresh;
}

/** The promise's value, or null if it has not settled `ms` from now. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The player as `/api/wom-player` serves them: the headline numbers come from the snapshot served
 * with them, so `exp` never disagrees with the snapshot's overall experience (issue 21); the member's
 * row, which the sync keeps to the same snapshot, stands in for what the snapshot lacks.
 */
function toPlayerItem(member: MemberRow, stats: StatsRow): WomPlayerItem {
  const snapshot = JSON.parse(stats.snapshot) as PlayerSnapshot | null;
  const headline = snapshot && headlineOf(snapshot);
  return {
    id: Number(member.wom_id),
    displayName: member.wom_name ?? member.name,
    type: member.wom_account_type,
    build: member.build,
    exp: headline?.current_xp ?? member.current_xp,
    ehb: headline?.ehb ?? member.ehb,
    combatLevel: snapshot ? combatLevelOf(snapshot) : member.combat_level,
    fetchedAt: stats.fetched_at,
    latestSnapshot: snapshot,
  };
}

export type PlayerReader = (womId: string) => Promise<WomPlayerItem>;

/**
 * A member's latest snapshot for `/api/wom-player`. The stored one is served while younger than
 * five minutes; after that WOM is asked once, however many visitors arrive meanwhile (they share
 * the refresh). Nobody waits more than `waitMs` from the refresh's start: past that, or if WOM
 * fails, the stored snapshot is served (503 only when nothing is stored) and the refresh still
 * lands for the next visitor. Only clan members are looked up, so visitors cannot spend the site's
 * WOM budget on anyone, and only from what the sync leaves of it: when none is left now, nothing
 * is sent and the stored snapshot is served, and the next visitor may try again.
 */
export function createPlayerReader(deps: WomDataDeps, waitMs: number = VISITOR_WAIT_MS): PlayerReader {
  const gateway = deps.gateway.forVisitors();
  const refreshes = new Map<string, Refresh>();
  const failedAt = new Map<string, number>();

  const pausedAfterFailure = (womId: string) => {
    const at = failedAt.get(womId);
    return at !== undefined && deps.clock.now().getTime() - at < RETRY_PAUSE_MS;
  };

  function startRefresh(womId: string, stored: StatsRow | null): Refresh {
    const refresh = { startedAt: performance.now(), row: fetchAndStore(deps, gateway, womId, stored) };
    refreshes.set(womId, refresh);
    // Handles the rejection too, so a refresh every visitor stopped waiting for is not unhandled. A
    // refresh refused for want of budget asked WOM nothing, so it does not pause the next one.
    void refresh.row
      .then(
        () => failedAt.delete(womId),
        (error: unknown) => {
          if (!(error instanceof WomError && error.failure.kind === 'budget')) {
            failedAt.set(womId, deps.clock.now().getTime());
          }
        },
      )
      .finally(() => {
        if (refreshes.get(womId) === refresh) refreshes.delete(womId);
      });
    return refresh;
  }

  /**
   * The refreshed stats, or null when WOM failed, is paused after a failure, is too slow, or there
   * is no budget left for visitors.
   */
  async function refreshed(womId: string, stored: StatsRow | null): Promise<StatsRow | null> {
    if (pausedAfterFailure(womId)) return null;
    const refresh = refreshes.get(womId) ?? startRefresh(womId, stored);
    try {
      return await within(refresh.row, refresh.startedAt + waitMs - performance.now());
    } catch (error) {
      if (error instanceof WomError) return null;
      throw error;
    }
  }

  return async (womId) => {
    const member = await findVisibleMember(deps.db, womId);
    if (!member) throw notFound('Player not found');
    const stored = (await findMemberStats(deps.db, womId)) ?? null;
    if (stored && isFresh(stored, deps.clock.now(), deps.playerCacheMs)) return toPlayerItem(member, stored);
    const stats = (await refreshed(womId, stored)) ?? stored;
    if (!stats) throw womUnavailable();
    return toPlayerItem(member, stats);
  };
}
