import type { BackupKind } from './backup-names.ts';

/**
 * Which scheduled backups to keep (issue 33): the newest backup of each of the latest `daily` days,
 * of each of the latest `weekly` ISO weeks and of each of the latest `monthly` months that have one
 * (UTC), as borg's and restic's `keep-daily/-weekly/-monthly` count. A backup kept by any rule stays.
 */
export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 6 };

/**
 * Backups taken before an upgrade are kept by a rule of their own: the newest three, however old.
 * Each is the way back from an upgrade, whose trouble may show only weeks later, when the daily
 * series would long have dropped it; and they do not count in that series, where one would take
 * its day's place and push that day's scheduled backup out. Three covers the last few upgrades
 * while a site that upgrades often does not pile them up.
 */
export const PRE_UPGRADE_KEPT = 3;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** ISO 8601 week, e.g. '2026-W48': weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The newest backup of each of the latest `count` periods that hold one. */
function newestPerPeriod<T extends { at: Date }>(
  newestFirst: readonly T[],
  period: (at: Date) => string,
  count: number,
): T[] {
  const kept: T[] = [];
  const seen = new Set<string>();
  for (const backup of newestFirst) {
    if (seen.size >= count) break;
    const key = period(backup.at);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(backup);
  }
  return kept;
}

/** The backups to keep under the policy; every other one may be deleted. */
export function backupsToKeep<T extends { at: Date; kind: BackupKind }>(
  backups: readonly T[],
  policy: RetentionPolicy,
): Set<T> {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const scheduled = newestFirst.filter((backup) => backup.kind === 'scheduled');
  return new Set([
    ...newestPerPeriod(scheduled, dayOf, policy.daily),
    ...newestPerPeriod(scheduled, isoWeekOf, policy.weekly),
    ...newestPerPeriod(scheduled, monthOf, policy.monthly),
    ...newestFirst.filter((backup) => backup.kind === 'pre-upgrade').slice(0, PRE_UPGRADE_KEPT),
  ]);
}
