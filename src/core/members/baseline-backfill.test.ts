import { describe, expect, it } from 'vitest';
import { baselineNearJoinDate, snapshotWindow, type HistorySnapshot } from './baseline-backfill.ts';

const snapshot = (createdAt: string, experience: number, level = 1500): HistorySnapshot => ({
  createdAt,
  data: { skills: { overall: { experience, level } } },
});

describe('baseline backfill rules', () => {
  it('asks WOM for two weeks either side of the join date, as many snapshots as it gives', () => {
    const window = snapshotWindow('2024-06-12');
    expect(window.startDate.toISOString()).toBe('2024-05-29T00:00:00.000Z');
    expect(window.endDate.toISOString()).toBe('2024-06-26T00:00:00.000Z');
    expect(window.limit).toBe(200);
  });

  it('takes the snapshot nearest the join date, the earlier one on a tie', () => {
    const snapshots = [
      snapshot('2024-06-20T00:00:00.000Z', 30_000_000),
      snapshot('2024-06-13T00:00:00.000Z', 21_000_000, 1610),
      snapshot('2024-06-11T00:00:00.000Z', 20_000_000, 1600),
      snapshot('2024-06-01T00:00:00.000Z', 10_000_000),
    ];
    expect(baselineNearJoinDate(snapshots, '2024-06-12')).toEqual({
      first_xp: 20_000_000,
      first_lvl: 1600,
      taken_at: '2024-06-11T00:00:00.000Z',
    });
  });

  it('finds none in an empty window or where overall is unranked', () => {
    expect(baselineNearJoinDate([], '2024-06-12')).toBeNull();
    expect(baselineNearJoinDate([snapshot('2024-06-12T00:00:00.000Z', -1, -1)], '2024-06-12')).toBeNull();
    expect(
      baselineNearJoinDate([{ createdAt: '2024-06-12T00:00:00.000Z', data: { skills: {} } }], '2024-06-12'),
    ).toBeNull();
  });
});
