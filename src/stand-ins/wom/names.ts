import type { Rng } from '#core/random.ts';
import { normaliseUsername } from './catalogue.ts';

/** Word pools for OSRS-looking names; combined with digits they give tens of thousands of names. */
const FIRST = (
  'Iron Dark Lil Big Sir Mr Old Swift Lazy Salty Pure Blue Red Holy Void Zero Mega Tiny Grim Wise ' +
  'Rusty Sneaky Lucky Shady Hard Ult Epic Frost Fire Wild Lord Lady Doc King Queen Baby Silent Mad ' +
  'Ghost Moon Sun Toxic Crispy Noble Angry Sleepy Ancient Smol'
).split(' ');
const SECOND = (
  'Fist Wolf Dragon Rune Gnome Pker Skiller Knight Mage Ranger Slayer Jad Tbow Bandos Cabbage ' +
  'Goblin Lobster Shark Whip Noob Duck Frog Zulrah Vorkath Hydra Bones Scape Titan Yak Cow Imp ' +
  'Troll Ogre Monk Druid Barrows Karil Dharok Torag Ahrim Guthix Zammy Sara Arma Cake Pie Potato ' +
  'Salmon Trout Logs Ore Bars Rock Blade Bow Staff Bear Fox Otter Crab Chin Raven Wyrm Drake Smith ' +
  'Fisher Miner'
).split(' ');

const capped = (name: string) => (name.length <= 12 ? name : null);

function candidate(rng: Rng): string | null {
  const first = rng.pick(FIRST);
  const second = rng.pick(SECOND);
  switch (rng.int(0, 6)) {
    case 0:
      return capped(`${first} ${second}`);
    case 1:
      return capped(`${first}${second}`);
    case 2:
      return capped(`${second}${rng.int(1, 999)}`);
    case 3: {
      const other = rng.pick(SECOND);
      return other === second ? null : capped(`${second} ${other}`);
    }
    case 4:
      return capped(`${first} ${second}${rng.int(1, 99)}`);
    case 5:
      return capped(`${first}${second}`.toLowerCase());
    default:
      return capped(`${second} ${first}${rng.int(0, 9)}`);
  }
}

/**
 * Draws `count` display names that are unique after normalisation, also against `taken` (which is
 * updated), so members, outsiders and player-watch suspects never collide.
 */
export function generateNames(rng: Rng, count: number, taken: Set<string>): string[] {
  const names: string[] = [];
  while (names.length < count) {
    const name = candidate(rng);
    if (name === null) continue;
    const key = normaliseUsername(name);
    if (taken.has(key)) continue;
    taken.add(key);
    names.push(name);
  }
  return names;
}
