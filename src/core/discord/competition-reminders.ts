/**
 * When a competition's time-based news is due (issue 22): reminders before it starts, the start
 * itself, reminders before it ends, and its live standings. Pure timing: the caller marks each key
 * as sent, so a reminder goes out once whatever the number of runs or instances.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A live standings message is edited at most this often. */
export const LIVE_STANDINGS_EVERY_MS = 5 * MINUTE_MS;

export type ReminderKind = 'competition_starting' | 'competition_started' | 'competition_ending';

export interface TimedCompetition {
  id: number;
  startsAt: Date;
  endsAt: Date;
  /** When the site first knew of it: a reminder whose moment had passed by then is not sent. */
  createdAt: Date;
}

export interface DueReminder {
  kind: ReminderKind;
  /** Names the reminder and the time it refers to, so a rescheduled competition is reminded again. */
  key: string;
}

interface Lead {
  label: string;
  beforeMs: number;
}

const STARTING: readonly Lead[] = [
  { label: '6h', beforeMs: 6 * HOUR_MS },
  { label: '5m', beforeMs: 5 * MINUTE_MS },
];
const ENDING: readonly Lead[] = [
  { label: '12h', beforeMs: 12 * HOUR_MS },
  { label: '30m', beforeMs: 30 * MINUTE_MS },
];

/**
 * The latest reminder whose moment has come while its anchor is still ahead, or null. Only the latest:
 * after a server was down through two reminders, "starts in 6 hours" five minutes before the start
 * would be wrong, so only the 5-minute one is sent.
 */
function latestLead(anchor: Date, leads: readonly Lead[], now: Date, notBefore: Date): Lead | null {
  if (now.getTime() >= anchor.getTime()) return null;
  let latest: Lead | null = null;
  for (const lead of leads) {
    const moment = anchor.getTime() - lead.beforeMs;
    if (moment > now.getTime() || moment < notBefore.getTime()) continue;
    if (latest === null || lead.beforeMs < latest.beforeMs) latest = lead;
  }
  return latest;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * The reminders due at `now`. A moment that passed before the site knew of the competition is
 * skipped (its creation was announced instead, with its dates), and an ending reminder never comes
 * before the start: a two-hour event is not "ending in 12 hours" before it has begun.
 */
export function dueReminders(competition: TimedCompetition, now: Date): DueReminder[] {
  const { id, startsAt, endsAt, createdAt } = competition;
  if (endsAt.getTime() <= startsAt.getTime()) return [];
  const due: DueReminder[] = [];
  const starting = latestLead(startsAt, STARTING, now, createdAt);
  if (starting) {
    due.push({
      kind: 'competition_starting',
      key: `competition_starting:${id}:${startsAt.toISOString()}:${starting.label}`,
    });
  }
  const running = startsAt.getTime() <= now.getTime() && now.getTime() < endsAt.getTime();
  if (running && startsAt.getTime() >= createdAt.getTime()) {
    due.push({ kind: 'competition_started', key: `competition_started:${id}:${startsAt.toISOString()}` });
  }
  const ending = latestLead(endsAt, ENDING, now, later(createdAt, startsAt));
  if (ending) {
    due.push({
      kind: 'competition_ending',
      key: `competition_ending:${id}:${endsAt.toISOString()}:${ending.label}`,
    });
  }
  return due;
}

/** How long after its end an event's end is still news: a server down longer does not announce it late. */
const END_NEWS_MS = 24 * HOUR_MS;

/**
 * The key of an event's end once it is due, for an event not linked to WOM (a WOM competition's end
 * is announced with its results, when the sync books them), or null. Keyed by the end, so an event
 * moved to end later is announced at its new end; never for an event written down after it ended.
 */
export function dueEndKey(competition: TimedCompetition, now: Date): string | null {
  const { id, startsAt, endsAt, createdAt } = competition;
  if (endsAt.getTime() <= startsAt.getTime() || createdAt.getTime() >= endsAt.getTime()) return null;
  const since = now.getTime() - endsAt.getTime();
  return since >= 0 && since < END_NEWS_MS ? `competition_ended:${id}:${endsAt.toISOString()}` : null;
}

/**
 * What a competition's live standings message needs at `now`: an update while it runs, at most every
 * LIVE_STANDINGS_EVERY_MS since the last one; once it has ended, a final update if a message was
 * started (the caller moves `lastUpdateAt` at each try); otherwise nothing.
 */
export function liveStandingsStep(
  competition: { startsAt: Date; endsAt: Date },
  lastUpdateAt: Date | null,
  now: Date,
): 'update' | 'final' | null {
  if (now.getTime() < competition.startsAt.getTime()) return null;
  const rested = lastUpdateAt === null || now.getTime() - lastUpdateAt.getTime() >= LIVE_STANDINGS_EVERY_MS;
  if (now.getTime() >= competition.endsAt.getTime()) {
    if (lastUpdateAt === null) return null;
    // The first try comes at the end; one WOM did not answer is tried again an interval later.
    return lastUpdateAt.getTime() < competition.endsAt.getTime() || rested ? 'final' : null;
  }
  return rested ? 'update' : null;
}

/** The UTC day of `now`, for news sent once a day ('anniversaries:2026-11-27'). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
