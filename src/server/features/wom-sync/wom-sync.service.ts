import type { Kysely, Transaction } from 'kysely';
import type { News } from '#core/discord/news.ts';
import { competitionsOwingResults, paysOnResults } from '#core/events/competition-awards.ts';
import { planEventAwards } from '#core/events/event-awards.ts';
import { eventTypeOfCompetition } from '#core/events/event-types.ts';
import { planRosterSync } from '#core/members/roster-sync.ts';
import { WOM_SYNC_STAGES } from '#core/sync/sync.schema.ts';
import { syncSummaryLine } from '#core/sync/sync-summary.ts';
import { snapshotWithUnrankedAsZero } from '#core/wom/unranked.ts';
import { bumpRevision } from '../../db/revisions.ts';
import { updateGoalsFromSnapshots } from '../goals/goal-updates.ts';
import { updateRacesFromSnapshots } from '../races/race-updates.ts';
import type { Database } from '../../db/schema.ts';
import type { Job, JobContext } from '../../jobs/job.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import type { WomAchievement, WomCompetition, WomCompetitionDetails } from '../../wom/wom.schemas.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { announce } from '../discord/discord-outbox.ts';
import { queueRoleSyncsForMembers } from '../discord-home/role-sync.ts';
import { insertMemberReturn } from '../member-history/member-returns.repository.ts';
import { bookPlannedAwards } from './book-awards.ts';
import { listSiegeScores } from '../leaderboards/leaderboards.repository.ts';
import {
  competitionStandingsDocument,
  competitionsDocument,
  groupDocument,
  groupMembersFrom,
  statisticsDocument,
  womCacheKeys,
} from './wom-payloads.ts';
import {
  achievementNews,
  competitionRef,
  finalStandings,
  isFirstSync,
  paidPoints,
  rosterNews,
  siegeLeaders,
} from './sync-news.ts';
import type { ClanPoints } from '#core/clan/rank-ladder.schema.ts';
import { readClanRules } from '../clan-settings/clan-settings.ts';
import { refreshRankQueue } from '../admin-members/rank-queue.ts';
import { captureBingoFigures } from '../bingo/bingo-baselines.ts';
import { settleBingoBoards } from '../bingo/bingo-progress.ts';
import {
  achievementExists,
  insertAchievements,
  insertMembers,
  findEventAwaitingResults,
  listEventsAwaitingResults,
  listSnapshotTimes,
  listStoredMembers,
  markCompetitionsFound,
  markCompetitionsMissing,
  listScoringMemberIds,
  recordResultsUnpaid,
  updateMember,
  upsertCompetitionEvents,
  upsertMemberStats,
  writeWomCache,
  type AchievementRow,
  type CompetitionEvent,
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
  /** Where each saved run's one-line summary goes (the server's log). */
  log?: { info(message: string): void };
}

const [
  FETCH_GROUP,
  FETCH_MEMBER_STATS,
  FETCH_STATISTICS,
  FETCH_COMPETITIONS,
  FETCH_ACHIEVEMENTS,
  FETCH_RESULTS,
  SAVING,
] = WOM_SYNC_STAGES;

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
      const started = performance.now();
      const gateway = deps.gateway.withFreshCount();
      context.countWomRequests(() => gateway.requestsMade);
      const fetched = await fetchEverything(deps, gateway, context);
      await context.progress(SAVING);
      const now = context.clock.now();
      const counts = await deps.db.transaction().execute(async (trx) => {
        await context.holdLease(trx);
        const applied = await applySync(trx, now, fetched, deps.resultsGraceMs);
        await context.recordSuccess(trx, applied);
        return applied;
      });
      deps.log?.info(syncSummaryLine(counts, gateway.requestsMade, performance.now() - started));
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
  await context.progress(FETCH_GROUP);
  const group = await gateway.getGroupDetails(deps.groupId);
  await context.progress(FETCH_MEMBER_STATS);
  const hiscores = await gateway.getGroupBulkHiscores(deps.groupId);
  await context.progress(FETCH_STATISTICS);
  const statistics = await fetchStatistics(gateway, deps.groupId);
  await context.progress(FETCH_COMPETITIONS);
  const competitions = await gateway.getGroupCompetitions(deps.groupId);
  await context.progress(FETCH_ACHIEVEMENTS);
  const achievements = await fetchNewAchievements(deps.db, gateway, deps.groupId);
  await context.progress(FETCH_RESULTS);
  const { details, missing } = await fetchCompetitionDetails(
    deps,
    gateway,
    context.clock.now(),
    competitions,
  );
  return { group, hiscores, statistics, competitions, achievements, details, missingCompetitions: missing };
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
 * Standings of finished competitions whose results are not stored yet, within the per-run budget:
 * the group's, those an admin linked to an event by hand, and those from before this site (which
 * show their winner, issue 29). A linked competition WOM does not know (a mistyped id), or one from
 * before this site WOM no longer has, is skipped, not a failed sync; the admin can correct the event.
 */
async function fetchCompetitionDetails(
  deps: WomSyncDeps,
  gateway: WomGateway,
  now: Date,
  competitions: WomCompetition[],
): Promise<{ details: WomCompetitionDetails[]; missing: string[] }> {
  const endedBefore = new Date(now.getTime() - deps.resultsGraceMs).toISOString();
  const owed = await listEventsAwaitingResults(deps.db, endedBefore);
  const listed = new Set(competitions.map((competition) => competition.id));
  const details: WomCompetitionDetails[] = [];
  const missing: string[] = [];
  const history = new Set(owed.filter((event) => !paysOnResults(event)).map((event) => Number(event.wom_id)));
  for (const id of competitionsOwingResults(competitions, owed, deps.maxCompetitionDetails)) {
    try {
      details.push(await gateway.getCompetitionDetails(id));
    } catch (error) {
      const skipped = !listed.has(id) || history.has(id);
      if (!skipped || !(error instanceof WomError) || error.status !== 404) throw error;
      missing.push(String(id));
    }
  }
  return { details, missing };
}

interface Fetched {
  group: Awaited<ReturnType<WomGateway['getGroupDetails']>>;
  hiscores: Awaited<ReturnType<WomGateway['getGroupBulkHiscores']>>;
  statistics: Awaited<ReturnType<WomGateway['getGroupStatistics']>> | null;
  competitions: WomCompetition[];
  achievements: WomAchievement[];
  /** Standings of finished competitions whose results are not stored yet. */
  details: WomCompetitionDetails[];
  /** Competitions (WOM ids) linked to an admin's event that WOM does not know. */
  missingCompetitions: string[];
}

async function applySync(
  trx: Transaction<Database>,
  nowDate: Date,
  fetched: Fetched,
  resultsGraceMs: number,
): Promise<Record<string, number>> {
  const now = nowDate.toISOString();
  const stored = await listStoredMembers(trx);
  const group = groupMembersFrom(fetched.group, fetched.hiscores);
  const plan = planRosterSync(stored, group, nowDate);
  // The first sync imports the clan as it already is: nobody's news (sync-news.ts).
  const firstSync = isFirstSync(stored);
  const news: News[] = firstSync ? [] : rosterNews(stored, group, plan);
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
  // A return keeps the first join date (roster-sync.ts): recorded, for the member's history and the admin.
  for (const back of plan.returned) {
    await insertMemberReturn(trx, back, now);
    await recordAudit(trx, {
      actor: { userId: null, label: 'wom-sync' },
      action: 'member.return',
      targetType: 'member',
      targetId: back.wom_id,
      before: { join_date: back.joined_before, left_at: back.left_at },
      after: { returned_on: back.returned_on },
      at: nowDate,
    });
  }

  const snapshotTimes = await listSnapshotTimes(trx);
  let snapshots = 0;
  for (const entry of fetched.hiscores) {
    const womId = String(entry.player.id);
    // A member's own Sync Progress may have stored a newer snapshot since WOM's hiscores were read.
    const stored = snapshotTimes.get(womId);
    if (stored && Date.parse(stored) >= Date.parse(entry.data.createdAt)) continue;
    await upsertMemberStats(trx, {
      wom_id: womId,
      snapshot: JSON.stringify(snapshotWithUnrankedAsZero(entry.data)),
      snapshot_at: entry.data.createdAt,
      fetched_at: now,
    });
    snapshots += 1;
  }
  // Goals and races read these snapshots: updated with them, so they never lag a committed sync.
  await updateGoalsFromSnapshots(trx, nowDate);
  await updateRacesFromSnapshots(trx, nowDate);

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
  if (!firstSync) news.push(...achievementNews(achievements));

  const events = await upsertCompetitionEvents(
    trx,
    fetched.competitions.map((c) => ({
      wom_id: String(c.id),
      name: c.title,
      type: eventTypeOfCompetition(c),
      metric: c.metric,
      start_date: c.startsAt,
      end_date: c.endsAt,
    })),
    now,
    firstSync,
  );
  if (!firstSync) news.push(...createdCompetitionNews(events.created, nowDate));

  // The admin's events list flags a link WOM does not know, and names one it does (issue 21).
  await markCompetitionsMissing(trx, fetched.missingCompetitions, now);
  await markCompetitionsFound(
    trx,
    fetched.details.map((details) => ({ wom_id: String(details.id), title: details.title })),
  );

  const ended = await recordFinishedResults(trx, nowDate, fetched.details, resultsGraceMs);
  const results = ended.booked;
  news.push(...ended.news);
  // Inside the saving transaction: a sync that fails part-way announces nothing (issue 22).
  for (const item of news) await announce(trx, item, nowDate);
  // Linked members whose rank changed, who left or who came back get their Discord roles brought to it.
  await queueRoleSyncsForMembers(trx, rankAffected(news), 'rank', nowDate);
  // A new snapshot alone moves a member's page (its chart and when it was last updated).
  const changed = plan.inserts.length > 0 || plan.updates.length > 0 || results > 0 || snapshots > 0;
  if (changed) await bumpRevision(trx, 'members');
  // Bingo tiles that count WOM's gains count them from each member's figures at the board's start,
  // and the gains since may complete some.
  await captureBingoFigures(trx, nowDate);
  await settleBingoBoards(trx, nowDate);
  // New figures, points and days in the clan can each make a rank change due or settle one (issue 30).
  await refreshRankQueue(trx, (await readClanRules(trx)).ladder, nowDate);
  return {
    members: fetched.group.memberships.length,
    inserted: plan.inserts.length,
    updated: plan.updates.length,
    left: plan.left.length,
    returned: plan.returned.length,
    renamed: plan.renames.length,
    snapshots,
    achievements: achievements.length,
    events: events.changed,
    results,
    missing_competitions: fetched.missingCompetitions.length,
  };
}

/** A competition the site sees for the first time, announced while it is still to come or running. */
function createdCompetitionNews(created: Array<CompetitionEvent & { id: number }>, nowDate: Date): News[] {
  return created
    .filter((event) => Date.parse(event.end_date) > nowDate.getTime())
    .map((event) => ({
      kind: 'competition_created',
      competition: competitionRef(event, { startsAt: event.start_date, endsAt: event.end_date }),
    }));
}

/** A finished competition's winners and awards: a team competition by its teams (decision 024). */
function awardsFor(
  details: WomCompetitionDetails,
  event: { name: string; short_event: boolean },
  isMember: (key: string) => boolean,
  points: ClanPoints,
) {
  return planEventAwards({
    title: event.name,
    startsAt: new Date(details.startsAt),
    endsAt: new Date(details.endsAt),
    short: event.short_event,
    team: details.type === 'team',
    standings: details.participations.map((p) => ({
      key: String(p.playerId),
      displayName: p.player.displayName,
      gained: p.progress.gained,
      team: p.teamName ?? '',
    })),
    isMember,
    points,
  });
}

/**
 * Books placements and points for finished competitions whose standings were fetched this run, by the
 * event's name and short-event flag. An admin's event may end before its competition does: its points
 * wait until WOM has the competition's final results too. A competition from before this site gets
 * its winner and no points or news: it is history until an admin books it (admin-events.service.ts).
 */
async function recordFinishedResults(
  trx: Transaction<Database>,
  nowDate: Date,
  fetched: WomCompetitionDetails[],
  resultsGraceMs: number,
): Promise<{ booked: number; news: News[] }> {
  const finished = fetched.filter(
    (details) => Date.parse(details.endsAt) + resultsGraceMs <= nowDate.getTime(),
  );
  if (finished.length === 0) return { booked: 0, news: [] };
  const members = await listScoringMemberIds(trx);
  const { points } = await readClanRules(trx);
  let booked = 0;
  const news: News[] = [];
  for (const details of finished) {
    const event = await findEventAwaitingResults(trx, String(details.id));
    if (!event) continue;
    const isMember = (key: string) => members.has(key);
    const plan = awardsFor(details, event, isMember, points);
    if (!paysOnResults(event)) {
      await recordResultsUnpaid(
        trx,
        { id: event.id, winner_username: plan.winnerNames[0] ?? null },
        nowDate.toISOString(),
      );
      continue;
    }
    const paid = await bookPlannedAwards(trx, event, plan, nowDate);
    booked += paid.length;
    news.push({
      kind: 'competition_ended',
      competition: competitionRef(event, details),
      standings: finalStandings(details, isMember),
      points: paidPoints(details, plan.awards, paid),
      // Read after this award is booked, in its transaction: the leaders it made.
      siege_leaders: siegeLeaders(await listSiegeScores(trx)),
    });
  }
  return { booked, news };
}

/** The characters whose Discord roles a sync's roster news can change: new ranks, leavers, returners. */
function rankAffected(news: readonly News[]): string[] {
  return news.flatMap((item) => {
    if (item.kind === 'rank_changed') return item.changes.map((change) => change.wom_id);
    if (item.kind === 'member_left' || item.kind === 'member_returned')
      return item.members.map((member) => member.wom_id);
    return [];
  });
}
