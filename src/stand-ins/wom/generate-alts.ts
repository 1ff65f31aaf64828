import type { Rng } from '#core/random.ts';
import type { SimPlayer } from './world.ts';

/** About one member in twenty is a second account of another member. */
const ALT_SHARE = 0.05;

const totalXp = (player: SimPlayer) => player.model.xp.reduce((sum, xp) => sum + xp, 0);

/**
 * The members the clan knows as alts. WOM has no such notion (an alt is an ordinary player to it),
 * so the list never reaches a WOM response; demo mode flags these members on the site instead. Alts
 * are drawn from the smaller half of the candidates, as second accounts rarely outgrow their mains.
 */
export function pickAlts(rng: Rng, candidates: readonly SimPlayer[], memberCount: number): number[] {
  const smallerHalf = [...candidates]
    .sort((a, b) => totalXp(a) - totalXp(b) || a.id - b.id)
    .slice(0, Math.ceil(candidates.length / 2));
  return rng
    .shuffle(smallerHalf)
    .slice(0, Math.round(memberCount * ALT_SHARE))
    .map((player) => player.id)
    .sort((a, b) => a - b);
}
