import type { SyncGoalsResult } from '#core/goals/goals.schema.ts';

const UNITS = [
  { seconds: 86_400, one: 'day', many: 'days' },
  { seconds: 3_600, one: 'hour', many: 'hours' },
  { seconds: 60, one: 'minute', many: 'minutes' },
] as const;

/**
 * An age in words, in at most two adjacent units, each counted whole ("1 day 23 hours", "12 minutes",
 * "2 hours" for 2 hours and 40 seconds); under a minute is "less than a minute".
 */
export function formatAge(seconds: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(seconds));
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.seconds);
    rest -= count * unit.seconds;
    if (count > 0) parts.push(`${count} ${count === 1 ? unit.one : unit.many}`);
    else if (parts.length > 0) break;
    if (parts.length === 2) break;
  }
  return parts.length === 0 ? 'less than a minute' : parts.join(' ');
}

/**
 * What Sync Progress says once done: 'Progress synced.' when WOM was asked; when the stored
 * snapshot was young enough that it was not, how old that data is, so a member who has just
 * played knows why the bars did not move.
 */
export function syncedMessage(result: Pick<SyncGoalsResult, 'refreshed' | 'snapshot_age_seconds'>): string {
  if (result.refreshed || result.snapshot_age_seconds === null) return 'Progress synced.';
  return `Progress synced from data ${formatAge(result.snapshot_age_seconds)} old.`;
}
