import { describe, expect, it } from 'vitest';
import { DEFAULT_LADDER } from '#core/clan/default-rules.ts';
import type { RankPath } from '#core/clan/rank-ladder.schema.ts';
import { rankTable } from './rank-bands.ts';

const [skillers, fighters] = DEFAULT_LADDER.paths as [RankPath, RankPath];

describe('clan rank tables', () => {
  it('words the skiller tiers by clan XP as the spec does', () => {
    const table = rankTable(skillers);
    expect(table.heading).toBe('XP gained');
    expect(table.bands.map(({ name, range }) => [name, range])).toEqual([
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
    const table = rankTable(fighters);
    expect(table.heading).toBe('EHB');
    expect(table.bands.map(({ name, range }) => [name, range])).toEqual([
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

  it("words another clan's tenure ladder in days", () => {
    const tenure: RankPath = {
      key: 'members',
      name: 'Members',
      ranks: [0, 14, 30].map((min, index) => ({
        role: ['bronze', 'iron', 'steel'][index] ?? 'bronze',
        name: ['Bronze', 'Iron', 'Steel'][index] ?? '',
        requirements: min === 0 ? [] : [{ measure: 'tenure_days' as const, min }],
      })),
    };
    const table = rankTable(tenure);
    expect(table.heading).toBe('Days in the clan');
    expect(table.bands.map((band) => band.range)).toEqual(['under 14', '14 to under 30', '30 and above']);
  });

  it('lists each requirement when a path asks for several things', () => {
    const mixed: RankPath = {
      key: 'mixed',
      name: 'Mixed',
      ranks: [
        { role: 'bronze', name: 'Bronze', requirements: [] },
        {
          role: 'iron',
          name: 'Iron',
          requirements: [
            { measure: 'clan_xp', min: 2_500_000 },
            { measure: 'tenure_days', min: 30 },
          ],
        },
      ],
    };
    expect(rankTable(mixed).bands.map((band) => band.range)).toEqual([
      'None',
      'Clan XP 2.5M, Days in the clan 30',
    ]);
  });
});
