import type { Rng } from '#core/random.ts';
import { DAY_MS } from './catalogue.ts';
import type { SimPlayer, WatchCase } from './world.ts';

const REASONS = [
  'Scamming: trust trade gone wrong',
  'Stole loot from a raid team',
  'Real-world trading',
  'Botting on a main account',
  'Doxxing and harassment',
  'Lured a player into the wilderness',
  'Fake giveaway',
];
const RATINGS = ['Low', 'Medium', 'High', 'Very High'];
const SOURCES = ['RuneWatch', 'WDR'];

/** Another spelling of the same name: different case and underscores instead of spaces. */
function respell(name: string): string {
  const swapped = name.includes(' ') ? name.replace(/ /g, '_') : name;
  const flipped = swapped === swapped.toUpperCase() ? swapped.toLowerCase() : swapped.toUpperCase();
  return name.includes(' ') ? swapped : flipped;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * A RuneWatch-style list naming three clan members (one spelled differently, to exercise name
 * normalisation) and four outsiders; it is fixed at generation like a published list.
 */
export function generateWatchList(
  rng: Rng,
  members: SimPlayer[],
  outsiderNames: string[],
  epoch: number,
): WatchCase[] {
  const eligible = rng.shuffle(members.filter((player) => player.tracked)).slice(0, 3);
  // Prefer a name with a space for the respelled entry, so underscores are tested too.
  const spacedIndex = eligible.findIndex((player) => player.displayName.includes(' '));
  const respelledIndex = spacedIndex >= 0 ? spacedIndex : 0;
  const accused = [
    ...eligible.map((player, index) =>
      index === respelledIndex ? respell(player.displayName) : player.displayName,
    ),
    ...outsiderNames,
  ];
  return accused.map((name) => {
    const published = epoch - rng.int(5, 700) * DAY_MS - rng.int(0, DAY_MS);
    return {
      accused_rsn: name,
      published_date: new Date(published).toISOString(),
      reason: rng.pick(REASONS),
      evidence_rating: rng.pick(RATINGS),
      quick_find: `https://runewatch.com/cases/${slug(name)}-${rng.int(1000, 9999)}`,
      source: rng.pick(SOURCES),
    };
  });
}
