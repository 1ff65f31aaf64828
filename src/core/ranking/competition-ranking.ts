/** One ranked item with its place. */
export interface Ranked<T> {
  item: T;
  /** 1 for the best value; equal values share a place and the places they take are skipped. */
  rank: number;
}

export interface RankOptions<T> {
  /** Orders equal values for display; without it they keep their given order. */
  breakTie?: (a: T, b: T) => number;
  /** The lowest value is best (a time), instead of the highest (a score). */
  lowestFirst?: boolean;
  /** Keeps only the first `top` places, as `topPlaces` cuts them. */
  top?: number;
}

/** Only a finite value above 0 takes a place: nothing gained, a loss or an unreadable value does not. */
function takesAPlace(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

/**
 * A ranked list cut at `top` places: everyone tied at the last place shown stays, so a top 10 with
 * eight players tied for 9th lists 16. The cut of every ranked list, on the server and in the web.
 */
export function topPlaces<T extends { rank: number }>(ranked: readonly T[], top: number): T[] {
  return ranked.filter((entry) => entry.rank <= top);
}

/**
 * Standard competition ranking of the items whose value is above 0, best first: equal values share
 * a place and the places they take are skipped (100, 100, 90 -> 1, 1, 3), so a place always says how
 * many are ahead. This is the site's one ranking (domain-rules.md, Points): leaderboards, the Dink
 * boards, event placements and their points, event winners and the standings Discord is told all use
 * it, so a tie means the same everywhere.
 */
export function rankByValue<T>(
  items: ReadonlyArray<T>,
  valueOf: (item: T) => number,
  options: RankOptions<T> = {},
): Array<Ranked<T>> {
  const breakTie = options.breakTie ?? (() => 0);
  const direction = options.lowestFirst ? -1 : 1;
  const sorted = items
    .filter((item) => takesAPlace(valueOf(item)))
    .sort((a, b) => direction * (valueOf(b) - valueOf(a)) || breakTie(a, b));
  let rank = 0;
  let previous: number | null = null;
  const ranked = sorted.map((item, index) => {
    const value = valueOf(item);
    if (value !== previous) {
      rank = index + 1;
      previous = value;
    }
    return { item, rank };
  });
  return options.top === undefined ? ranked : topPlaces(ranked, options.top);
}
