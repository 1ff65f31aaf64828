/** A member as the balance button weighs them: by EHB + EHP (issue 31). */
export interface Weighed {
  wom_id: string;
  name: string;
  weight: number;
}

export interface BalancedTeam<T extends Weighed> {
  members: T[];
  total: number;
}

/** Most rounds of swaps tried after the first split: each round can only narrow the spread. */
const SWAP_ROUNDS = 100;

/**
 * Swaps the one pair of members between the heaviest and the lightest team that narrows their gap
 * the most; false when no swap narrows it. Swaps keep every team's size.
 */
function improve<T extends Weighed>(teams: Array<BalancedTeam<T>>): boolean {
  const sorted = [...teams].sort((a, b) => b.total - a.total);
  const heavy = sorted[0];
  const light = sorted.at(-1);
  if (!heavy || !light || heavy === light) return false;
  const gap = heavy.total - light.total;
  let best: { i: number; j: number; gap: number } | null = null;
  heavy.members.forEach((a, i) => {
    light.members.forEach((b, j) => {
      const moved = Math.max(0, a.weight) - Math.max(0, b.weight);
      const after = Math.abs(gap - 2 * moved);
      if (moved > 0 && after < gap && (best === null || after < best.gap)) best = { i, j, gap: after };
    });
  });
  if (best === null) return false;
  const { i, j } = best;
  const a = heavy.members[i];
  const b = light.members[j];
  if (!a || !b) return false;
  heavy.members[i] = b;
  light.members[j] = a;
  const moved = Math.max(0, a.weight) - Math.max(0, b.weight);
  heavy.total -= moved;
  light.total += moved;
  return true;
}

/**
 * Splits members into `count` teams of near-equal total weight: heaviest first, each to the team
 * with the least so far (fewer members first on a tie, then the earlier team), so teams differ in
 * size by at most one; then swaps between the heaviest and the lightest team while a swap narrows
 * their gap. Deterministic: the same members give the same teams, whatever order they came in (ties
 * in weight are broken by name, then WOM id).
 */
export function balanceTeams<T extends Weighed>(
  members: readonly T[],
  count: number,
): Array<BalancedTeam<T>> {
  const teams: Array<BalancedTeam<T>> = Array.from({ length: Math.max(1, Math.floor(count)) }, () => ({
    members: [],
    total: 0,
  }));
  const ordered = [...members].sort(
    (a, b) => b.weight - a.weight || a.name.localeCompare(b.name) || a.wom_id.localeCompare(b.wom_id),
  );
  for (const member of ordered) {
    let lightest = teams[0];
    for (const team of teams) {
      if (!lightest) break;
      if (
        team.total < lightest.total ||
        (team.total === lightest.total && team.members.length < lightest.members.length)
      )
        lightest = team;
    }
    if (!lightest) break;
    lightest.members.push(member);
    lightest.total += Math.max(0, member.weight);
  }
  for (let round = 0; round < SWAP_ROUNDS && improve(teams); round += 1);
  return teams;
}
