import type { Kysely, Transaction } from 'kysely';
import { competitionsOwingResults, planCompetitionAwards } from '#core/events/competition-awards.ts';
import { planRosterSync } from '#core/members/roster-sync.ts';
import { snapshotWithUnrankedAsZero } from '#core/wom/unranked.ts';
import { MetricProps, isMetric } from '@wise-old-man/utils';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import type { Job, JobContext } from '../../jobs/job.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import type { WomAchievement, WomCompetition, WomCompetitionDetails } from '../../wom/wom.schemas.ts';
import { recordAudit } from '../audit/audit.repository.ts';
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

/** The job's name: its lease, its run records and the admin's Sync now. */
export const WOM_SYNC = 'wom-sync';

export interface WomSyncDeps {
  db: Kysely<Database>;
  gateway: WomGateway;
  groupId: number;
  /** Time WOM gets after a competition ends for its final update before points are given. */
  resultsGraceMs: number;
  /** Competition detail requests per run; with the 5–6 group requests this bounds a run. */
  maxCompetitionDetails: number;
}

const ACHIEVEMENT_PAGE = 50;
/** The site shows at most the 100 most recent achievements. */
const ACHIEVEMENT_PAGES = 2;

/**
 * The WOM sync as a job body: it fetches everything first, then plans and saves in one transaction,
 * so a failure part-way through leaves the last good data exactly as it was. That transaction also
 * records the run's success, so a saved sync is never shown as failed. The runner owns its lease,
 * run record and retries.
 */
export function womSyncJob(deps: WomSyncDeps): Job {
  return {
    name: WOM_SYNC,
    describeFailure,
    async run(context) {
      const gateway = deps.gateway.withFreshCount();
      context.countWomRequests(() => gateway.requestsMade);
      const fetched = await fetchEverything(deps, gateway, context);
      await context.progress('Saving');
      const now = context.clock.now();
      await deps.db.transaction().execute(async (trx) => {
        await context.holdLease(trx);
        await context.recordSuccess(trx, await applySync(trx, now, fetched));
      });
    },
  };
}

function describeFailure(error: unknown): string {
  if (error instanceof WomError) return `${error.message} (${error.path})`;
  return error instanceof Error ? error.message : String(error);
}

async function fetchEverything(
  deps: WomSyncDeps,
  gateway: WomGateway,
  context: JobContext,
): Promise<Fetched> {
  await context.progress('Fetching the group');
  const group = await gateway.getGroupDetails(deps.groupId);
  await context.progress('Fetching member stats');
  const hiscores = await gateway.getGroupBulkHiscores(deps.groupId);
  await context.progress('Fetching group statistics');
  const statistics = await fetchStatistics(gateway, deps.groupId);
  await context.progress('Fetching competitions');
  const competitions = await gateway.getGroupCompetitions(deps.groupId);
  await context.progress('Fetching achievements');
  const achievements = await fetchNewAchievements(deps.db, gateway, deps.groupId);
  await context.progress('Fetching competition results');
  const details = await fetchCompetitionDetails(deps, gateway, context.clock.now(), competitions);
  return { group, hiscores, statistics, competitions, achievements, details };
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
 * Standings of finished competitions that still owe their points, within the per-run budget. Only
 * competitions the site saw before they ended count: a clan that starts using the site does not get
 * points for its whole competition history.
 */
async function fetchCompetitionDetails(
  deps: WomSyncDeps,
  gateway: WomGateway,
  now: Date,
  competitions: WomCompetition[],
) {
  const endedBefore = new Date(now.getTime() - deps.resultsGraceMs).toISOString();
  const owed = new Set((await listEventsAwaitingResults(deps.db, endedBefore)).map((event) => event.wom_id));
  const details: WomCompetitionDetails[] = [];
  for (const competition of competitionsOwingResults(competitions, owed, deps.maxCompetitionDetails))
    details.push(await gateway.getCompetitionDetails(competition.id));
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
    const plan = planCompetitionAwards({
      title: details.title,
      startsAt: new Date(details.startsAt),
      endsAt: new Date(details.endsAt),
      standings: details.participations.map((p) => ({
        key: String(p.playerId),
        displayName: p.player.displayName,
        gained: p.progress.gained,
      })),
      isMember: (key) => members.has(key),
    });
    booked += await recordEventResults(
      trx,
      // The column holds one name, the first winner listed; /api/events shows every tied winner
      // from the stored standings (events.service.ts).
      { id: event.id, winner_username: plan.winnerNames[0] ?? null },
      plan.awards.map((award) => ({
        member_wom_id: award.key,
        placement: award.placement,
        gained: award.gained,
        points: award.points,
        won: award.won,
        reason: award.reason,
      })),
      { seasonId, now: nowDate.toISOString() },
    );
  }
  return booked;
}
