import type { Kysely, Transaction } from 'kysely';
import {
  dueEndKey,
  dueReminders,
  LIVE_STANDINGS_EVERY_MS,
  liveStandingsStep,
  utcDay,
  type DueReminder,
} from '#core/discord/competition-reminders.ts';
import type { CompetitionRef, StandingLine } from '#core/discord/news.ts';
import { parseIsoDate } from '#core/events/iso-date.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import type { JobSchedule } from '../../jobs/job-runner.ts';
import { pruneRuns } from '../../jobs/job-runs.repository.ts';
import type { Job } from '../../jobs/job.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { announce, markNewsOnce } from '../discord/discord-outbox.ts';
import { listActiveRoutes } from '../discord/discord-routes.repository.ts';
import { listSiegeScores } from '../leaderboards/leaderboards.repository.ts';
import { finalStandings, siegeLeaders } from '../wom-sync/sync-news.ts';
import { listScoringMemberIds } from '../wom-sync/wom-sync.repository.ts';
import {
  claimLiveUpdate,
  finishLiveMark,
  listEventsById,
  listEventsEndingSince,
  listLiveMarks,
  markedKeys,
  touchLiveMark,
  womSyncFailingStreak,
  type FailingStreak,
  type NewsEventRow,
} from './clan-news.repository.ts';
import { rankUpdatesDue } from './rank-digest.ts';
import { bingoStandingsDue, bingoStandingsNews, type BingoStandingsDue } from '../bingo/bingo-news.ts';

/** The job's name: its lease and run records. */
export const CLAN_NEWS = 'clan-news';
/** How often the job looks for news due; a run, and its record, starts only when some is. */
const CLAN_NEWS_INTERVAL_MS = 60_000;
/** The WOM sync's failed runs in a row that make news. */
const SYNC_FAILURES_TO_ANNOUNCE = 3;
/** Run records kept: a running competition's live standings make one every 5 minutes. */
const KEPT_RUNS = 200;

export interface ClanNewsDeps {
  db: Kysely<Database>;
  /** The one WOM gateway, for live standings. */
  gateway: WomGateway;
  log?: { warn(message: string): void };
}

type TimedEvent = NewsEventRow & { startsAt: Date; endsAt: Date };

interface LiveItem {
  eventId: number;
  /** Null when the event is gone or no longer linked to WOM: its live message just ends. */
  event: TimedEvent | null;
  step: 'update' | 'final';
}

/** The time-based news due now and not yet announced. */
interface ClanNewsPlan {
  reminders: { event: TimedEvent; reminder: DueReminder }[];
  /** Events not linked to WOM that have ended, each with its mark. */
  ended: { event: TimedEvent; key: string }[];
  live: LiveItem[];
  /** Whether a route carries live standings: without one WOM is not asked. */
  liveRoute: boolean;
  digestKey: string | null;
  failing: { key: string; streak: FailingStreak } | null;
  /** Bingo boards' standings due: each running board's of the day, and a finished board's final ones. */
  bingo: BingoStandingsDue[];
}

function timed(row: NewsEventRow): TimedEvent | null {
  const startsAt = parseIsoDate(row.start_date);
  const endsAt = parseIsoDate(row.end_date);
  return startsAt && endsAt ? { ...row, startsAt, endsAt } : null;
}

const linked = (event: TimedEvent) => event.wom_id !== null && event.wom_missing_at === null;

function competitionOf(event: TimedEvent): CompetitionRef {
  return {
    event_id: event.id,
    title: event.name,
    type: event.type ?? 'Event',
    metric: event.metric,
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
  };
}

async function planLive(db: Kysely<Database>, events: TimedEvent[], now: Date) {
  const liveRoute = (await listActiveRoutes(db)).some((route) => route.kinds.includes('live_standings'));
  const marks = await listLiveMarks(db);
  const live: LiveItem[] = [];
  for (const event of events.filter(linked)) {
    const step = liveStandingsStep(event, marks.get(event.id) ?? null, now);
    if (step === 'final' || (step === 'update' && liveRoute)) live.push({ eventId: event.id, event, step });
    marks.delete(event.id);
  }
  // Messages of competitions that ended long ago, were deleted or unlinked meanwhile.
  const others = new Map(
    (await listEventsById(db, [...marks.keys()])).flatMap((row) => {
      const event = timed(row);
      return event && linked(event) ? [[event.id, event] as const] : [];
    }),
  );
  for (const [eventId, lastUpdateAt] of marks) {
    const event = others.get(eventId) ?? null;
    const step = event ? liveStandingsStep(event, lastUpdateAt, now) : 'final';
    if (step === 'final') live.push({ eventId, event, step });
  }
  return { live, liveRoute };
}

async function planClanNews(db: Kysely<Database>, now: Date): Promise<ClanNewsPlan> {
  const events = (await listEventsEndingSince(db, now)).flatMap((row) => timed(row) ?? []);
  const reminders = events.flatMap((event) =>
    dueReminders({ ...event, createdAt: new Date(event.created_at) }, now).map((reminder) => ({
      event,
      reminder,
    })),
  );
  const ended = events.flatMap((event) => {
    const key =
      event.wom_id === null ? dueEndKey({ ...event, createdAt: new Date(event.created_at) }, now) : null;
    return key === null ? [] : [{ event, key }];
  });
  const digestKey = `rank_updates_due:${utcDay(now)}`;
  const streak = await womSyncFailingStreak(db);
  const failingKey =
    streak && streak.failures >= SYNC_FAILURES_TO_ANNOUNCE ? `sync_failing:${streak.firstRunId}` : null;
  const bingo = await bingoStandingsDue(db, now);
  const marked = await markedKeys(db, [
    ...reminders.map(({ reminder }) => reminder.key),
    ...ended.map(({ key }) => key),
    digestKey,
    ...(failingKey ? [failingKey] : []),
    ...bingo.map(({ key }) => key),
  ]);
  return {
    reminders: reminders.filter(({ reminder }) => !marked.has(reminder.key)),
    ended: ended.filter(({ key }) => !marked.has(key)),
    ...(await planLive(db, events, now)),
    digestKey: marked.has(digestKey) ? null : digestKey,
    failing: streak && failingKey && !marked.has(failingKey) ? { key: failingKey, streak } : null,
    bingo: bingo.filter(({ key }) => !marked.has(key)),
  };
}

const hasNews = (plan: ClanNewsPlan) =>
  plan.reminders.length > 0 ||
  plan.ended.length > 0 ||
  plan.live.length > 0 ||
  plan.digestKey !== null ||
  plan.failing !== null ||
  plan.bingo.length > 0;

/**
 * Looks every minute, and starts a run (and its record) only when some news is due: a reminder, an
 * event's end, a live standings update, the day's digest or a failing sync not yet announced.
 */
export function clanNewsSchedule(db: Kysely<Database>, clock: Clock): JobSchedule {
  return {
    name: CLAN_NEWS,
    intervalMs: CLAN_NEWS_INTERVAL_MS,
    runAtStart: true,
    due: async () => hasNews(await planClanNews(db, clock.now())),
  };
}

interface Counts {
  competition_starting: number;
  competition_started: number;
  competition_ending: number;
  competition_ended: number;
  live_updates: number;
  live_finished: number;
  live_failed: number;
  rank_updates_due: number;
  sync_failing: number;
  bingo_standings: number;
  queued: number;
}

/**
 * The clan's time-based news (issue 22), each announced once through `markNewsOnce`: competitions'
 * reminders, start and end reminders; the end of an event not linked to WOM; live standings of
 * running WOM competitions; the daily digest of rank updates due; a WOM sync that keeps failing;
 * bingo boards' standings each day and at the end.
 * WOM's standings are fetched before the one transaction that marks and announces everything.
 */
export function clanNewsJob(deps: ClanNewsDeps): Job {
  return {
    name: CLAN_NEWS,
    async run(context) {
      const gateway = deps.gateway.withFreshCount();
      context.countWomRequests(() => gateway.requestsMade);
      const now = context.clock.now();
      const plan = await planClanNews(deps.db, now);
      const standings = plan.liveRoute
        ? await fetchStandings(deps, gateway, plan.live)
        : new Map<number, StandingLine[] | null>();
      const counts: Counts = {
        competition_starting: 0,
        competition_started: 0,
        competition_ending: 0,
        competition_ended: 0,
        live_updates: 0,
        live_finished: 0,
        live_failed: 0,
        rank_updates_due: 0,
        sync_failing: 0,
        bingo_standings: 0,
        queued: 0,
      };
      await deps.db.transaction().execute(async (trx) => {
        await context.holdLease(trx);
        for (const { event, reminder } of plan.reminders) {
          if (!(await markNewsOnce(trx, reminder.key, now))) continue;
          counts[reminder.kind] += 1;
          counts.queued += await announce(
            trx,
            { kind: reminder.kind, competition: competitionOf(event) },
            now,
          );
        }
        for (const { event, key } of plan.ended) {
          if (!(await markNewsOnce(trx, key, now))) continue;
          counts.competition_ended += 1;
          counts.queued += await announceEnd(trx, event, now);
        }
        for (const item of plan.live) await saveLive(trx, item, standings, now, counts);
        if (plan.digestKey && (await markNewsOnce(trx, plan.digestKey, now))) {
          const members = await rankUpdatesDue(trx, now);
          if (members.length > 0) {
            counts.rank_updates_due = members.length;
            counts.queued += await announce(trx, { kind: 'rank_updates_due', members }, now);
          }
        }
        if (plan.failing && (await markNewsOnce(trx, plan.failing.key, now))) {
          const { failures, lastError } = plan.failing.streak;
          counts.sync_failing = 1;
          counts.queued += await announce(trx, { kind: 'sync_failing', failures, error: lastError }, now);
        }
        for (const due of plan.bingo) {
          if (!(await markNewsOnce(trx, due.key, now))) continue;
          const news = await bingoStandingsNews(trx, due);
          if (!news) continue;
          counts.bingo_standings += 1;
          counts.queued += await announce(trx, news, now);
        }
        await pruneRuns(trx, CLAN_NEWS, KEPT_RUNS);
        await context.recordSuccess(trx, { ...counts });
      });
    },
  };
}

/**
 * The end of an event not linked to WOM, told as a WOM competition's is, with the siege leaders as
 * they stand: the site keeps no standings of it, and pays its points only as an admin awards them.
 */
async function announceEnd(trx: Transaction<Database>, event: TimedEvent, now: Date): Promise<number> {
  return announce(
    trx,
    {
      kind: 'competition_ended',
      competition: competitionOf(event),
      standings: null,
      points: [],
      siege_leaders: siegeLeaders(await listSiegeScores(trx)),
    },
    now,
  );
}

/** Each linked competition's standings now, or null where WOM did not answer. */
async function fetchStandings(
  deps: ClanNewsDeps,
  gateway: WomGateway,
  live: LiveItem[],
): Promise<Map<number, StandingLine[] | null>> {
  const standings = new Map<number, StandingLine[] | null>();
  const fetching = live.filter((item) => item.event !== null);
  if (fetching.length === 0) return standings;
  const members = await listScoringMemberIds(deps.db);
  for (const { event } of fetching) {
    if (!event?.wom_id) continue;
    try {
      const details = await gateway.getCompetitionDetails(Number(event.wom_id));
      standings.set(
        event.id,
        finalStandings(details, (womId) => members.has(womId)),
      );
    } catch (error) {
      if (!(error instanceof WomError)) throw error;
      deps.log?.warn(`Live standings of "${event.name}" not updated: ${error.message}`);
      standings.set(event.id, null);
    }
  }
  return standings;
}

/**
 * A live update goes out at most every 5 minutes: the claim moves the competition's mark, also when
 * WOM did not answer, so it is tried again an interval later. The final update ends the mark.
 */
async function saveLive(
  trx: Transaction<Database>,
  item: LiveItem,
  standings: Map<number, StandingLine[] | null>,
  now: Date,
  counts: Counts,
): Promise<void> {
  const { event, step } = item;
  const fetched = standings.get(item.eventId);
  if (step === 'update') {
    if (!event || !(await claimLiveUpdate(trx, event.id, now, LIVE_STANDINGS_EVERY_MS))) return;
    if (!fetched) {
      counts.live_failed += 1;
      return;
    }
    counts.live_updates += 1;
    counts.queued += await announce(
      trx,
      { kind: 'live_standings', competition: competitionOf(event), standings: fetched, finished: false },
      now,
    );
    return;
  }
  if (event && fetched === null) {
    counts.live_failed += 1;
    await touchLiveMark(trx, event.id, now);
    return;
  }
  if (!(await finishLiveMark(trx, item.eventId)) || !event || !fetched) return;
  counts.live_finished += 1;
  counts.queued += await announce(
    trx,
    { kind: 'live_standings', competition: competitionOf(event), standings: fetched, finished: true },
    now,
  );
}
