import { describe, expect, it } from 'vitest';
import { repeatedParticipant } from './repeated-participant.ts';

describe('repeatedParticipant', () => {
  it('finds nothing when each character races once on each metric', () => {
    expect(repeatedParticipant([])).toBeNull();
    const rows = [
      { wom_id: '1', metric: 'attack' },
      { wom_id: '2', metric: 'attack' },
      { wom_id: '1', metric: 'slayer' },
    ];
    expect(repeatedParticipant(rows)).toBeNull();
  });

  it('returns the first character listed again on the same metric', () => {
    const rows = [
      { wom_id: '1', metric: 'attack', target_value: 5 },
      { wom_id: '2', metric: 'attack', target_value: 5 },
      { wom_id: '2', metric: 'attack', target_value: 9 },
      { wom_id: '1', metric: 'attack', target_value: 7 },
    ];
    expect(repeatedParticipant(rows)).toBe(rows[2]);
  });

  it('does not take a metric for part of the character', () => {
    expect(
      repeatedParticipant([
        { wom_id: '1 a', metric: 'b' },
        { wom_id: '1', metric: 'a b' },
      ]),
    ).toBeNull();
  });
});
