import { FIGHTER_RANKS, roleDisplayName, SKILLER_RANKS } from '#core/members/roles.ts';

/** One row of the clan ranks table: a rank and the range of XP or EHB that earns it. */
export interface RankBand {
  role: string;
  name: string;
  range: string;
}

function bands(
  ranks: ReadonlyArray<{ role: string; min: number }>,
  format: (value: number) => string,
): RankBand[] {
  return ranks.map(({ role, min }, index) => {
    const next = ranks[index + 1];
    let range: string;
    if (!next) range = `${format(min)} and above`;
    else if (index === 0) range = `under ${format(next.min)}`;
    else range = `${format(min)} to under ${format(next.min)}`;
    return { role, name: roleDisplayName(role), range };
  });
}

/** Skiller (gem) ranks with their clan XP ranges, worded as the spec's table (spec §4, Ranks). */
export const SKILLER_BANDS: readonly RankBand[] = bands(SKILLER_RANKS, (xp) => `${xp / 1_000_000}M`);

/** Fighter (combat) ranks with their EHB ranges, worded as the spec's table (spec §4, Ranks). */
export const FIGHTER_BANDS: readonly RankBand[] = bands(FIGHTER_RANKS, String);
