import { describe, expect, it } from 'vitest';
import type { BackupKind } from './backup-names.ts';
import { backupsToKeep, DEFAULT_RETENTION, isoWeekOf, PRE_UPGRADE_KEPT } from './retention.ts';

const DAY_MS = 86_400_000;

/** A backup a day at 03:00 UTC, kept as the job would after each one: the set that remains. */
function simulate(days: number, start: string): Date[] {
  let kept: Array<{ at: Date; kind: BackupKind }> = [];
  for (let n = 0; n < days; n += 1) {
    kept.push({ at: new Date(Date.parse(start) + n * DAY_MS), kind: 'scheduled' });
    const keep = backupsToKeep(kept, DEFAULT_RETENTION);
    kept = kept.filter((backup) => keep.has(backup));
  }
  return kept.map((backup) => backup.at);
}

const days = (dates: Date[]) => dates.map((at) => at.toISOString().slice(0, 10)).sort();

describe('isoWeekOf', () => {
  it('numbers weeks from Monday, week 1 holding the first Thursday', () => {
    expect(isoWeekOf(new Date('2026-11-28T12:00:00Z'))).toBe('2026-W48');
    expect(isoWeekOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49');
    expect(isoWeekOf(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(new Date('2026-01-01T00:00:00Z'))).toBe('2026-W01');
  });
});

describe('backupsToKeep', () => {
  it('keeps the last 7 days, the newest of each of 4 weeks and of each of 6 months over a simulated month', () => {
    // 2026-11-01 (a Sunday) to 2026-11-30 (a Monday), one backup a day.
    const kept = simulate(30, '2026-11-01T03:00:00Z');
    expect(days(kept)).toEqual([
      '2026-11-15', // the newest of W46
      '2026-11-22', // of W47
      // The last 7 days; Nov 29 is also W48's newest, Nov 30 W49's and November's.
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
  });

  it('keeps at most 7 + 4 + 6 over half a year, the month ends among them', () => {
    const kept = simulate(200, '2026-05-01T03:00:00Z');
    expect(kept.length).toBeLessThanOrEqual(17);
    const months = new Set(kept.map((at) => at.toISOString().slice(0, 7)));
    expect(months.size).toBe(6);
    // Each past month is kept by its last backup.
    expect(days(kept)).toEqual(expect.arrayContaining(['2026-10-31', '2026-09-30', '2026-08-31']));
  });

  it('keeps every backup of a young install, and the newest of a day with several', () => {
    const morning = { at: new Date('2026-11-28T03:00:00Z'), kind: 'scheduled' as const };
    const evening = { at: new Date('2026-11-28T21:00:00Z'), kind: 'scheduled' as const };
    const yesterday = { at: new Date('2026-11-27T03:00:00Z'), kind: 'scheduled' as const };
    const keep = backupsToKeep([morning, evening, yesterday], DEFAULT_RETENTION);
    expect(keep.has(evening)).toBe(true);
    expect(keep.has(yesterday)).toBe(true);
    expect(keep.has(morning)).toBe(false);
  });

  it("keeps the newest pre-upgrade backups however old, without taking a scheduled one's place", () => {
    const scheduled = { at: new Date('2026-11-28T03:00:00Z'), kind: 'scheduled' as const };
    const upgrades = [1, 40, 90, 200].map((daysAgo) => ({
      at: new Date(Date.parse('2026-11-28T12:00:00Z') - daysAgo * DAY_MS),
      kind: 'pre-upgrade' as const,
    }));
    const sameDay = { at: new Date('2026-11-28T12:00:00Z'), kind: 'pre-upgrade' as const };
    const keep = backupsToKeep([scheduled, sameDay, ...upgrades], DEFAULT_RETENTION);
    // The scheduled backup stays its day's newest, though a pre-upgrade one came later that day.
    expect(keep.has(scheduled)).toBe(true);
    expect([sameDay, ...upgrades].filter((backup) => keep.has(backup))).toEqual(
      [sameDay, ...upgrades].slice(0, PRE_UPGRADE_KEPT),
    );
  });
});
