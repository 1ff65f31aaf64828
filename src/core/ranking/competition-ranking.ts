/** One ranked item with its place. */
export interface Ranked<T> {
  item: T;
  /** 1 for the highest value; equal values share a place and the places they take are skipped. */
  rank: number;
}

/** Only a finite value above 0 takes a place: nothing gained, a loss or an unreadable value does not. */
function takesAPlace(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

/**
 * Standard competition ranking of the items whose value is above 0, highest first: equal values share
 * a place and the places they take are skipped (100, 100, 90 -> 1, 1, 3), so a place always says how
 * many are ahead. This is the site's one ranking (domain-rules.md, Points): leaderboards, event
 * placements and their points, and event winners all use it, so a tie means the same everywhere.
 * `breakTie` orders equal values for display; without it they keep their given order.
 */
export function rankByValue<T>(
  items: ReadonlyArray<T>,
  valueOf: (item: T) => number,
  breakTie: (a: T, b: T) => number = () => 0,
): Array<Ranked<T>> {
  const sorted = items
    .filter((item) => takesAPlace(valueOf(item)))
    .sort((a, b) => valueOf(b) - valueOf(a) || breakTie(a, b));
  let rank = 0;
  let previous: number | null = null;
  return sorted.map((item, index) => {
    const value = valueOf(item);
    if (value !== previous) {
      rank = index + 1;
      previous = value;
    }
    return { item, rank };
  });
}
