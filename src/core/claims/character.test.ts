import { describe, expect, it } from 'vitest';
import { toCharacter, type ClaimedMemberRow } from './character.ts';

const CLAIMED_AT = '2026-11-21T12:00:00.000Z';

function row(overrides: Partial<ClaimedMemberRow> = {}): ClaimedMemberRow {
  return {
    wom_id: '42',
    claimed_at: CLAIMED_AT,
    name: 'Zezima',
    wom_name: 'zezima',
    womrole: 'ruby',
    combat_level: 126,
    current_lvl: 2277,
    current_xp: 4_600_000_000,
    ehb: 1500,
    siege_score: 12,
    ...overrides,
  };
}

describe('toCharacter', () => {
  it("shows the member's stats as they are", () => {
    expect(toCharacter(row())).toEqual({
      wom_id: '42',
      name: 'Zezima',
      wom_name: 'zezima',
      womrole: 'ruby',
      combat_level: 126,
      current_lvl: 2277,
      current_xp: 4_600_000_000,
      ehb: 1500,
      siege_score: 12,
      claimed_at: CLAIMED_AT,
    });
  });

  it('shows combat level 3 when the level is not known yet', () => {
    expect(toCharacter(row({ combat_level: 0 })).combat_level).toBe(3);
    expect(toCharacter(row({ combat_level: null })).combat_level).toBe(3);
  });

  it("falls back to 'Unknown Player' at level 3 with nothing else when the member's data is missing", () => {
    const missing = row({
      name: null,
      wom_name: null,
      womrole: null,
      combat_level: null,
      current_lvl: null,
      current_xp: null,
      ehb: null,
      siege_score: null,
    });
    expect(toCharacter(missing)).toEqual({
      wom_id: '42',
      name: 'Unknown Player',
      wom_name: null,
      womrole: null,
      combat_level: 3,
      current_lvl: 0,
      current_xp: 0,
      ehb: 0,
      siege_score: 0,
      claimed_at: CLAIMED_AT,
    });
    expect(toCharacter(row({ name: '  ' })).name).toBe('Unknown Player');
  });
});
