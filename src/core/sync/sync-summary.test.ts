import { describe, expect, it } from 'vitest';
import { syncSummaryLine } from './sync-summary.ts';

describe('syncSummaryLine', () => {
  it('names the members, what changed and what it cost', () => {
    const line = syncSummaryLine(
      {
        members: 32,
        inserted: 1,
        left: 0,
        returned: 1,
        renamed: 1,
        updated: 30,
        snapshots: 29,
        achievements: 3,
        events: 1,
        results: 9,
      },
      7,
      1_432,
    );
    expect(line).toBe(
      'WOM sync: 32 members (1 joined, 1 returned, 1 renamed, 30 updated), 29 new snapshots, 3 new achievements, 1 event changed, 9 results booked; 7 WOM requests in 1.4 s',
    );
  });

  it('says when nothing but the roster was read', () => {
    expect(syncSummaryLine({ members: 1 }, 1, 200)).toBe(
      'WOM sync: 1 member, nothing else changed; 1 WOM request in 0.2 s',
    );
  });
});
