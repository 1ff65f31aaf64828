import { MEASURE_NAMES } from '#core/clan/rank-ladder.ts';
import type { RankMeasure, RankPath } from '#core/clan/rank-ladder.schema.ts';

/** One row of the clan ranks table: a rank and what earns it. */
export interface RankBand {
  role: string;
  name: string;
  range: string;
}

/** A path's table: its rows and the heading of the column saying what earns each rank. */
export interface RankTableData {
  heading: string;
  bands: RankBand[];
}

/** The spec's column heading for clan XP; other measures are headed by their names. */
const HEADINGS: Partial<Record<RankMeasure, string>> = { clan_xp: 'XP gained' };

/** XP in millions as the spec's table writes it ('3M', '2.5M'); other figures whole. */
function figure(measure: RankMeasure, value: number): string {
  if ((measure === 'clan_xp' || measure === 'total_xp') && value >= 1_000_000) return `${value / 1_000_000}M`;
  return String(value);
}

/**
 * A path's ranks as the stats page tables them. A path that measures one thing reads as the spec's
 * bands ('under 3M', '3M to under 8M', '500M and above'); one whose ranks ask several things lists
 * each rank's requirements.
 */
export function rankTable(path: RankPath): RankTableData {
  const measures = new Set(
    path.ranks.flatMap((rank) => rank.requirements.map((requirement) => requirement.measure)),
  );
  const [only] = measures;
  if (measures.size === 1 && only !== undefined) {
    const mins = path.ranks.map((rank) => rank.requirements[0]?.min ?? 0);
    const bands = path.ranks.map((rank, index) => {
      const min = mins[index] ?? 0;
      const next = mins[index + 1];
      let range: string;
      if (next === undefined) range = `${figure(only, min)} and above`;
      else if (min === 0) range = `under ${figure(only, next)}`;
      else range = `${figure(only, min)} to under ${figure(only, next)}`;
      return { role: rank.role, name: rank.name, range };
    });
    return { heading: HEADINGS[only] ?? MEASURE_NAMES[only], bands };
  }
  return {
    heading: 'Requirements',
    bands: path.ranks.map((rank) => ({
      role: rank.role,
      name: rank.name,
      range:
        rank.requirements.length === 0
          ? 'None'
          : rank.requirements
              .map(
                (requirement) =>
                  `${MEASURE_NAMES[requirement.measure]} ${figure(requirement.measure, requirement.min)}`,
              )
              .join(', '),
    })),
  };
}
