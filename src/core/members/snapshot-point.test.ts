import { describe, expect, it } from 'vitest';
import type { PlayerSnapshot } from '../wom/wom-data.schema.ts';
import { snapshotPoint } from './snapshot-point.ts';

function snapshot(createdAt: string, experience: number, ehb: number, ehp: number): PlayerSnapshot {
  return {
    createdAt,
    data: {
      skills: { overall: { experience, rank: 1, level: 2277 } },
      bosses: {},
      activities: {},
      computed: { ehb: { value: ehb, rank: 1 }, ehp: { value: ehp, rank: 1 } },
    },
  };
}

describe('snapshotPoint', () => {
  it('keeps the UTC day, overall XP and the computed hours', () => {
    expect(snapshotPoint(snapshot('2026-11-25T23:30:00.000+00:00', 123_456_789, 512.5, 900.25))).toEqual({
      day: '2026-11-25',
      snapshot_at: '2026-11-25T23:30:00.000Z',
      exp: 123_456_789,
      ehb: 512.5,
      ehp: 900.25,
    });
  });

  it('takes the day in UTC whatever offset WOM wrote', () => {
    expect(snapshotPoint(snapshot('2026-11-26T01:00:00+03:00', 1, 0, 0)).day).toBe('2026-11-25');
  });

  it('counts unranked XP as 0 and a snapshot without computed values as 0 hours', () => {
    const bare = snapshot('2026-11-25T00:00:00.000Z', -1, 0, 0);
    bare.data.computed = {};
    expect(snapshotPoint(bare)).toMatchObject({ exp: 0, ehb: 0, ehp: 0 });
  });
});
