import type { BingoBonuses } from '#core/bingo/bingo-scoring.ts';
import type { BingoTileInput, TileGoal } from '#core/bingo/bingo.schema.ts';

/** One of the demo's boards: everything but its dates and its teams' members. */
export interface DemoBoardLayout {
  title: string;
  description: string;
  size: number;
  codeword: string | null;
  bonuses: BingoBonuses;
  teamNames: readonly [string, string, string];
  tiles: BingoTileInput[];
}

/** A tile's title, points and goal, and its icon from the catalogue (kill and XP tiles show their own). */
type Cell = readonly [title: string, points: number, goal: TileGoal, icon?: string];

const item = (items: string[], count = 1): TileGoal => ({ type: 'item', items, count });
const kills = (metric: string, count: number): TileGoal => ({ type: 'kc', metric, count });
const xp = (metric: string, amount: number): TileGoal => ({ type: 'xp', metric, amount });
const MANUAL: TileGoal = { type: 'manual' };

/** Rows of cells, top to bottom, as the board's tiles. */
function grid(rows: ReadonlyArray<readonly Cell[]>): BingoTileInput[] {
  return rows.flatMap((cells, row) =>
    cells.map(([title, points, goal, icon], col) => ({ row, col, title, icon: icon ?? null, points, goal })),
  );
}

const ZULRAH_UNIQUES = ['Tanzanite fang', 'Magic fang', 'Serpentine visage', 'Tanzanite mutagen'];
const SLAYER_DROPS = ['Abyssal whip', 'Granite maul', 'Occult necklace'];
const CLUE_SLOTS = ['Ranger boots', 'Zamorak chaps'];
const HYDRA_DROPS = ["Hydra's claw", 'Hydra leather'];
const BANDOS_PIECES = ['Bandos chestplate', 'Bandos tassets'];

/*
 * The item and boss names are the ones demo-dink-posts.ts posts (its loot tables, collection-log
 * slots and kill counts), so the demo's Dink fills these tiles as a real clan's would.
 */

/** The board that ended: items and screenshots only, since WOM's gains are measured from a board's start on. */
export const FINISHED_DEMO_BOARD: DemoBoardLayout = {
  title: 'Clan bingo #1',
  description: 'Our first bingo: sixteen drops and chores in a week. Drops count from Dink.',
  size: 4,
  codeword: null,
  bonuses: { row: 3, column: 3, diagonal: 5, board: 20 },
  teamNames: ['Purple Rain', 'Spoon Fed', 'Bank Standers'],
  tiles: grid([
    [
      ["200 Zulrah's scales", 1, item(["Zulrah's scales"], 200), 'zulrah'],
      ['4 superior dragon bones', 1, item(['Superior dragon bones'], 4), 'vorkath'],
      ['A rune longsword', 1, item(['Rune longsword']), 'general_graardor'],
      ['A dark relic', 2, item(['Dark relic']), 'chambers_of_xeric'],
    ],
    [
      ['Any Zulrah unique', 4, item(ZULRAH_UNIQUES), 'zulrah'],
      ['3,000 pure essence', 1, item(['Pure essence'], 3000), 'chambers_of_xeric'],
      ['A rune platebody', 1, item(['Rune platebody']), 'cerberus'],
      ['50 dragon thrownaxes', 2, item(['Dragon thrownaxe'], 50), 'alchemical_hydra'],
    ],
    [
      ["Vorkath's head", 2, item(["Vorkath's head"]), 'vorkath'],
      ['A slayer drop', 3, item(SLAYER_DROPS), 'slayer'],
      ['Team photo at the Grand Exchange', 1, MANUAL],
      ['A Bandos piece', 4, item(BANDOS_PIECES), 'general_graardor'],
    ],
    [
      ['A Barrows chest', 2, MANUAL, 'barrows_chests'],
      ['A clue log slot', 3, item(CLUE_SLOTS), 'clue_scrolls_all'],
      ["Hydra's claw or leather", 5, item(HYDRA_DROPS), 'alchemical_hydra'],
      ['A fire cape', 3, MANUAL, 'tztok_jad'],
    ],
  ]),
};

/** The board that runs: drops from Dink, kills from Dink or WOM, XP from WOM, and screenshots. */
export const RUNNING_DEMO_BOARD: DemoBoardLayout = {
  title: 'Clan bingo #2',
  description:
    'A week of bosses, drops and skilling. Drops and kills count from Dink, XP from Wise Old Man; send a screenshot for the rest.',
  size: 5,
  codeword: 'Penguin',
  bonuses: { row: 5, column: 5, diagonal: 8, board: 30 },
  teamNames: ['Dry Streak', 'Drop Party', 'Iron Resolve'],
  tiles: grid([
    [
      ['Any Zulrah unique', 4, item(ZULRAH_UNIQUES), 'zulrah'],
      ["1,000 Zulrah's scales", 2, item(["Zulrah's scales"], 1000), 'zulrah'],
      ['25 Vorkath kills', 2, kills('vorkath', 25)],
      ['A draconic visage', 5, item(['Draconic visage']), 'vorkath'],
      ['1M Slayer XP', 3, xp('slayer', 1_000_000)],
    ],
    [
      ['A Bandos piece', 4, item(BANDOS_PIECES), 'general_graardor'],
      ['3 Chambers of Xeric', 3, kills('chambers_of_xeric', 3)],
      ['A fire cape', 2, MANUAL, 'tztok_jad'],
      ["Hydra's claw or leather", 5, item(HYDRA_DROPS), 'alchemical_hydra'],
      ["Vorkath's head", 1, item(["Vorkath's head"]), 'vorkath'],
    ],
    [
      ['500k Mining XP', 2, xp('mining', 500_000)],
      ['A slayer drop', 3, item(SLAYER_DROPS), 'slayer'],
      ['Team photo at the Grand Exchange', 1, MANUAL],
      ['A Cerberus crystal', 4, item(['Primordial crystal', 'Eternal crystal']), 'cerberus'],
      ['A Nex kill', 3, kills('nex', 1)],
    ],
    [
      [
        'A raid purple',
        8,
        item(['Twisted bow', 'Dexterous prayer scroll', 'Dragon claws', 'Ancestral robe top']),
        'chambers_of_xeric',
      ],
      ['100 dragon thrownaxes', 2, item(['Dragon thrownaxe'], 100), 'alchemical_hydra'],
      ['2 Theatre of Blood', 3, kills('theatre_of_blood', 2)],
      ['A dragon warhammer', 5, item(['Dragon warhammer'])],
      ['A master clue', 2, MANUAL, 'clue_scrolls_master'],
    ],
    [
      ['5M XP overall', 3, xp('overall', 5_000_000)],
      ['A clue log slot', 3, item(CLUE_SLOTS), 'clue_scrolls_all'],
      ['2 rune platebodies', 1, item(['Rune platebody'], 2), 'cerberus'],
      ['25 Zulrah kills', 2, kills('zulrah', 25)],
      ['Any boss pet', 6, MANUAL],
    ],
  ]),
};
