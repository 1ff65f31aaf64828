import { describe, expect, it } from 'vitest';
import { momentValue } from './moment-format.ts';

describe('momentValue', () => {
  it("shows a milestone's exact experience, which its title rounds", () => {
    expect(momentValue({ kind: 'xp_milestone', value: 50_123_456 })).toBe('50,123,456 XP');
  });

  it("shows nothing beside a drop's coins or a personal best's time: the details carry them", () => {
    expect(momentValue({ kind: 'loot', value: 12_500_000 })).toBeNull();
    expect(momentValue({ kind: 'kill_count', value: 73_200 })).toBeNull();
  });

  it('shows nothing for a moment without a value, or of a kind whose value says nothing', () => {
    expect(momentValue({ kind: 'loot', value: null })).toBeNull();
    expect(momentValue({ kind: 'pet', value: 1 })).toBeNull();
    expect(momentValue({ kind: 'level', value: 99 })).toBeNull();
  });
});
