import { describe, expect, it } from 'vitest';
import { FIGHTER_BANDS, SKILLER_BANDS } from './rank-bands.ts';

describe('clan rank bands', () => {
  it('words the skiller tiers by clan XP as the spec does', () => {
    expect(SKILLER_BANDS.map(({ name, range }) => [name, range])).toEqual([
      ['Opal', 'under 3M'],
      ['Sapphire', '3M to under 8M'],
      ['Emerald', '8M to under 15M'],
      ['Ruby', '15M to under 40M'],
      ['Diamond', '40M to under 90M'],
      ['Dragonstone', '90M to under 150M'],
      ['Onyx', '150M to under 500M'],
      ['Zenyte', '500M and above'],
    ]);
  });

  it('words the fighter tiers by EHB as the spec does, with TzKal spelled as in game', () => {
    expect(FIGHTER_BANDS.map(({ name, range }) => [name, range])).toEqual([
      ['Mentor', 'under 100'],
      ['Prefect', '100 to under 300'],
      ['Leader', '300 to under 500'],
      ['Supervisor', '500 to under 700'],
      ['Superior', '700 to under 900'],
      ['Executive', '900 to under 1100'],
      ['Senator', '1100 to under 1300'],
      ['Monarch', '1300 to under 1500'],
      ['TzKal', '1500 and above'],
    ]);
  });
});
