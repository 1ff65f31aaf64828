import type { Kysely, Transaction } from 'kysely';
import { EVENT_POINTS, competitionWinner, scoreCompetition } from '#core/events/competition-results.ts';
import { planRosterSync } from '#core/members/roster-sync.ts';
import { snapshotWithUnrankedAsZero } from '#core/wom/unranked.ts';
import { MetricProps, isMetric } from '@wise-old-man/utils';
import { systemClock, type Clock } from '../../clock.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import {
  hasLeaseRow,
  isLeaseHeld,
  releaseLease,
  renewLease,
  tryAcquireLease,
} from '../../jobs/leases.repository.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import type { WomAchievement, WomCompetition, WomCompetitionDetails } from '../../wom/wom.schemas.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  WOM_SYNC,
  failInterruptedRuns,
  finishSyncRun,
  startSyncRun,
  updateSyncProgress,
} from './sync-runs.repository.ts';
import {
  competitionStandingsDocument,
  competitionsDocument,
  groupDocument,
  groupMembersFrom,
  statisticsDocument,
  womCacheKeys,
} from './wom-payloads.ts';
import {
  achievementExists,
  insertAchievements,
  insertMembers,
  listEventsAwaitingResults,
  listSnapshotTimes,
  listStoredMembers,
  listScoringMemberIds,
  openSeasonId,
  recordEventResults,
  updateMember,
  upsertCompetitionEvents,
  upsertMemberStats,
  writeWomCache,
  type AchievementRow,
} from './wom-sync.repository.ts';

export interface WomSyncDeps {
  db: Kysely<Database>;
  clock: Clock;
  gateway: WomGateway;
  groupId: number;
  /** Names this process in the job lease. */
  instanceId: string;
  /** Time WOM gets after a competition ends for its final update before points are given. */
  resultsGraceMs: number;
  /** Competition detail requests per run; with the 5–6 group requests this bounds a run. */
  maxCompetitionDetails: number;
}

export type SyncResult =
  | { outcome: 'succeeded'; runId: number; womRequests: number; counts: Record<string, number> }
  | { outcome: 'failed'; runId: number; womRequests: number; error: string };

export type SyncStart = { status: 'busy' } | { status: 'started'; runId: number; done: Promise<SyncResult> };

/** A run that holds the lease longer than this is presumed dead and its lease can be taken over. */
const LEASE_TTL_MS = 15 * 60 * 1000;
/**
 * Leases measure how long a process has really been running, so they always use the system clock:
 * `deps.clock` may be shifted (demo mode replays history 30 days back), and a lease taken on a shifted
 * clock would already be expired for every other run.
 */
const leaseClock: Clock = systemClock;
const ACHIEVEMENT_PAGE = 50;
/** The site shows at most the 100 most recent achievements. */
const ACHIEVEMENT_PAGES = 2;

export function isWomSyncRunning(deps: Pick<WomSyncDeps, 'db'>): Promise<boolean> {
  return isLeaseHeld(deps.db, WOM_SYNC, leaseClock.now());
}

/**
 * Resolves once this instance holds no WOM sync lease: a run it started (scheduled, or through
 * POST /api/admin/sync) has finished and released it. Shutdown waits on this before closing the
 * database; another instance's run is not waited for. Gives up after the lease's lifetime.
 */
export async function waitForOwnWomSync(
  deps: Pick<WomSyncDeps, 'db' | 'instanceId'>,
  pollMs = 100,
): Promise<void> {
  const giveUpAt = Date.now() + LEASE_TTL_MS;
  while (Date.now() < giveUpAt && (await hasLeaseRow(deps.db, WOM_SYNC, deps.instanceId))) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Starts a sync unless one runs anywhere (the lease row spans every instance on one database).
 * `done` settles when the run ends and never rejects: failures are recorded in sync_runs.
 */
export async function startWomSync(deps: WomSyncDeps, triggeredBy: number | null): Promise<SyncStart> {
  const acquired = await tryAcquireLease(deps.db, {
    name: WOM_SYNC,
    holder: deps.instanceId,
    now: leaseClock.now(),
    ttlMs: LEASE_TTL_MS,
  });
  if (!acquired) return { status: 'busy' };
  const now = deps.clock.now();
  let runId: number;
  try {
    await failInterruptedRuns(deps.db, WOM_SYNC, now);
    runId = await startSyncRun(deps.db, { kind: WOM_SYNC, now, triggeredBy });
  } catch (error) {
    await releaseLease(deps.db, WOM_SYNC, deps.instanceId);
    throw error;
  }
  const done = runSync(deps, runId).finally(() =>
    releaseLease(deps.db, WOM_SYNC, deps.instanceId).catch(() => undefined),
  );
  return { status: 'started', runId, done };
}

/**
 * A run that outlived its lease may have been taken over by another instance; saving then would apply
 * two runs at once. So the saving transaction first renews the lease, and fails the run if it is lost.
 */
async function keepLeaseThroughCommit(trx: Transaction<Database>, deps: WomSyncDeps): Promise<void> {
  const held = await renewLease(trx, {
    name: WOM_SYNC,
    holder: deps.instanceId,
    now: leaseClock.now(),
    ttlMs: LEASE_TTL_MS,
  });
  if (!held) throw new Error('The sync lease ran out before saving and another run took it over');
}

function describeFailure(error: unknown): string {
  if (error instanceof WomError) return `${error.message} (${error.path})`;
  return error instanceof Error ? error.message : String(error);
}

async function runSync(deps: WomSyncDeps, runId: number): Promise<SyncResult> {
  const gateway = deps.gateway.withFreshCount();
  const stage = (name: string) =>
    updateSyncProgress(deps.db, runId, { stage: name, womRequests: gateway.requestsMade });
  try {
    // Everything is fetched first and applied in one transaction, so a failure part-way through
    // leaves the last good data exactly as it was.
    await stage('Fetching the group');
    const group = await gateway.getGroupDetails(deps.groupId);
    await stage('Fetching member stats');
    const hiscores = await gateway.getGroupBulkHiscores(deps.groupId);
    await stage('Fetching group statistics');
    const statistics = await fetchStatistics(gateway, deps.groupId);
    await stage('Fetching competitions');
    const competitions = await gateway.getGroupCompetitions(deps.groupId);
    await stage('Fetching achievements');
    const achievements = await fetchNewAchievements(deps.db, gateway, deps.groupId);
    await stage('Fetching competition results');
    const details = await fetchCompetitionDetails(deps, gateway, competitions);

    await stage('Saving');
    const now = deps.clock.now();
    const counts = await deps.db.transaction().execute(async (trx) => {
      await keepLeaseThroughCommit(trx, deps);
      return applySync(trx, now, { group, hiscores, statistics, competitions, achievements, details });
    });
    await finishSyncRun(deps.db, runId, {
      outcome: 'succeeded',
      now: deps.clock.now(),
      womRequests: gateway.requestsMade,
      counts,
    });
    return { outcome: 'succeeded', runId, womRequests: gateway.requestsMade, counts };
  } catch (error) {
    const message = describeFailure(error);
    await finishSyncRun(deps.db, runId, {
      outcome: 'failed',
      now: deps.clock.now(),
      womRequests: gateway.requestsMade,
      error: message,
    }).catch(() => undefined);
    return { outcome: 'failed', runId, womRequests: gateway.requestsMade, error: message };
  }
}

/** WOM answers 400 when no member has stats yet; that is an empty clan, not a failure. */
async function fetchStatistics(gateway: WomGateway, groupId: number) {
  try {
    return await gateway.getGroupStatistics(groupId);
  } catch (error) {
    if (error instanceof WomError && error.status === 400) return null;
    throw error;
  }
}

/** Newest first, page by page, until a page reaches achievements already stored. */
async function fetchNewAchievements(db: Kysely<Database>, gateway: WomGateway, groupId: number) {
  const found: WomAchievement[] = [];
  for (let page = 0; page < ACHIEVEMENT_PAGES; page += 1) {
    const batch = await gateway.getGroupAchievements(groupId, {
      limit: ACHIEVEMENT_PAGE,
      offset: page * ACHIEVEMENT_PAGE,
    });
    found.push(...batch);
    const last = batch.at(-1);
    if (batch.length < ACHIEVEMENT_PAGE || !last) break;
    if (
      await achievementExists(db, {
        player_wom_id: String(last.playerId),
        metric: last.metric,
        threshold: last.threshold,
      })
    ) {
      break;
    }
  }
  return found;
}

/**
 * Standings of finished competitions that still owe their points, oldest first, within the per-run
 * budget. Only competitions the site saw before they ended count: a clan that starts using the site
 * does not get points for its whole competition history.
 */
async function fetchCompetitionDetails(
  deps: WomSyncDeps,
  gateway: WomGateway,
  competitions: WomCompetition[],
) {
  const endedBefore = new Date(deps.clock.now().getTime() - deps.resultsGraceMs).toISOString();
  const owed = new Set((await listEventsAwaitingResults(deps.db, endedBefore)).map((event) => event.wom_id));
  const wanted = competitions
    .filter((c) => owed.has(String(c.id)))
    .sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt))
    .slice(0, deps.maxCompetitionDetails);
  const details: WomCompetitionDetails[] = [];
  for (const competition of wanted) details.push(await gateway.getCompetitionDetails(competition.id));
  return details;
}

interface Fetched {
  group: Awaited<ReturnType<WomGateway['getGroupDetails']>>;
  hiscores: Awaited<ReturnType<WomGateway['getGroupBulkHiscores']>>;
  statistics: Awaited<ReturnType<WomGateway['getGroupStatistics']>> | null;
  competitions: WomCompetition[];
  achievements: WomAchievement[];
  /** Standings of finished competitions that owe points. */
  details: WomCompetitionDetails[];
}

function ordinal(place: number): string {
  const suffix =
    place % 100 >= 11 && place % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}

function eventTypeOf(metric: string): string {
  return isMetric(metric) ? MetricProps[metric].type : 'competition';
}

async function applySync(
  trx: Transaction<Database>,
  nowDate: Date,
  fetched: Fetched,
): Promise<Record<string, number>> {
  const now = nowDate.toISOString();
  const plan = planRosterSync(
    await listStoredMembers(trx),
    groupMembersFrom(fetched.group, fetched.hiscores),
    nowDate,
  );
  await insertMembers(trx, plan.inserts, now);
  for (const update of plan.updates) await updateMember(trx, update.wom_id, update.patch, now);
  for (const rename of plan.renames) {
    await recordAudit(trx, {
      actor: { userId: null, label: 'wom-sync' },
      action: 'member.rename',
      targetType: 'member',
      targetId: rename.wom_id,
      before: { wom_name: rename.from },
      after: { wom_name: rename.to },
      at: nowDate,
    });
  }

  const snapshotTimes = await listSnapshotTimes(trx);
  let snapshots = 0;
  for (const entry of fetched.hiscores) {
    const womId = String(entry.player.id);
    if (snapshotTimes.get(womId) === entry.data.createdAt) continue;
    await upsertMemberStats(trx, {
      wom_id: womId,
      snapshot: JSON.stringify(snapshotWithUnrankedAsZero(entry.data)),
      snapshot_at: entry.data.createdAt,
      fetched_at: now,
    });
    snapshots += 1;
  }

  await writeWomCache(trx, womCacheKeys.group, JSON.stringify(groupDocument(fetched.group)), now);
  if (fetched.statistics) {
    await writeWomCache(
      trx,
      womCacheKeys.statistics,
      JSON.stringify(statisticsDocument(fetched.statistics)),
      now,
    );
  }
  await writeWomCache(
    trx,
    womCacheKeys.competitions,
    JSON.stringify(competitionsDocument(fetched.competitions)),
    now,
  );
  for (const details of fetched.details) {
    await writeWomCache(
      trx,
      womCacheKeys.standings(details.id),
      JSON.stringify(competitionStandingsDocument(details)),
      now,
    );
  }

  const achievementRows: AchievementRow[] = fetched.achievements.map((a) => ({
    player_wom_id: String(a.playerId),
    player_name: a.player.displayName,
    name: a.name,
    metric: a.metric,
    threshold: a.threshold,
    achieved_at: a.createdAt,
  }));
  const achievements = await insertAchievements(trx, achievementRows);

  const events = await upsertCompetitionEvents(
    trx,
    fetched.competitions.map((c) => ({
      wom_id: String(c.id),
      name: c.title,
      type: eventTypeOf(c.metric),
      metric: c.metric,
      start_date: c.startsAt,
      end_date: c.endsAt,
    })),
    now,
  );

  const results = await recordFinishedResults(trx, nowDate, fetched);
  if (plan.inserts.length > 0 || plan.updates.length > 0 || results > 0) await bumpRevision(trx, 'members');
  return {
    members: fetched.group.memberships.length,
    inserted: plan.inserts.length,
    updated: plan.updates.length,
    left: plan.left.length,
    returned: plan.returned.length,
    renamed: plan.renames.length,
    snapshots,
    achievements,
    events,
    results,
  };
}

/** Books placements and points for finished competitions whose standings were fetched this run. */
async function recordFinishedResults(
  trx: Transaction<Database>,
  nowDate: Date,
  fetched: Fetched,
): Promise<number> {
  const now = nowDate.toISOString();
  const finished = fetched.details;
  if (finished.length === 0) return 0;
  const members = await listScoringMemberIds(trx);
  const seasonId = await openSeasonId(trx);
  let booked = 0;
  for (const details of finished) {
    const event = await trx
      .selectFrom('events')
      .select('id')
      .where('wom_id', '=', String(details.id))
      .executeTakeFirst();
    if (!event) continue;
    const entries = details.participations.map((p) => ({
      key: String(p.playerId),
      gained: p.progress.gained,
    }));
    const winnerId = competitionWinner(entries);
    const winner =
      details.participations.find((p) => String(p.playerId) === winnerId)?.player.displayName ?? null;
    // Everyone level with the winner won (a tie at the top); a member behind a non-member did not.
    const topGain = entries.find((entry) => entry.key === winnerId)?.gained ?? null;
    const scored = scoreCompetition({
      startsAt: new Date(details.startsAt),
      endsAt: new Date(details.endsAt),
      entries,
      isMember: (key) => members.has(key),
    });
    booked += await recordEventResults(
      trx,
      { id: event.id, winner_username: winner },
      scored.map((entry) => ({
        member_wom_id: entry.key,
        placement: entry.placement,
        gained: entry.gained,
        points: entry.points,
        won: topGain !== null && entry.gained === topGain,
        reason: `${details.title}: ${entry.points === EVENT_POINTS.participation ? 'participation' : `${ordinal(entry.placement)} place`}`,
      })),
      { seasonId, now },
    );
  }
  return booked;
}
