import type { BingoTileInput, TileGoal } from '../../src/core/bingo/bingo.schema.ts';
import type { BingoBoardView } from '../../src/core/bingo/board-view.ts';
import { itemProgress, killProgress, type TileEvent } from '../../src/core/bingo/tile-progress.ts';
import { parseDatabaseUrl } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { bumpRevision } from '../../src/server/db/revisions.ts';
import { BENCH_ADMIN } from './app-process.ts';
import { expect, type Visitor } from './soak-client.ts';

/** Issue 31's largest board: 7×7, 20 teams (of five members here). */
const SIZE = 7;
const TEAMS = 20;
const TEAM_SIZE = 5;
const HOUR_MS = 3_600_000;
/** The board began this long before the bench, so what Dink told of it spans its first days. */
const RUNNING_HOURS = 72;

const ITEMS = [
  'Twisted bow',
  'Dragon claws',
  'Dexterous prayer scroll',
  'Ancestral robe top',
  'Tanzanite fang',
  'Magic fang',
  'Serpentine visage',
  'Draconic visage',
  'Dragonbone necklace',
  'Bandos chestplate',
  'Bandos tassets',
  "Hydra's claw",
  'Hydra leather',
  'Primordial crystal',
  'Eternal crystal',
  'Dragon warhammer',
  'Abyssal whip',
  'Granite maul',
  'Occult necklace',
  'Ranger boots',
];
const BOSSES: ReadonlyArray<readonly [key: string, label: string]> = [
  ['chambers_of_xeric', 'Chambers of Xeric'],
  ['theatre_of_blood', 'Theatre of Blood'],
  ['tombs_of_amascut', 'Tombs of Amascut'],
  ['nightmare', 'The Nightmare'],
  ['nex', 'Nex'],
  ['corporeal_beast', 'Corporeal Beast'],
  ['vorkath', 'Vorkath'],
  ['zulrah', 'Zulrah'],
  ['alchemical_hydra', 'Alchemical Hydra'],
];
const BOSS_LABELS = new Map(BOSSES);
const SKILLS = ['slayer', 'mining', 'fishing', 'woodcutting', 'runecrafting', 'overall'];

/** A fixed mix for cell `k`: half items (one to three, some a count of drops), a quarter kills, XP, screenshots. */
function goalOf(k: number): { title: string; goal: TileGoal } {
  const at = <T>(list: readonly T[], index: number) => list[index % list.length] as T;
  switch (k % 8) {
    case 4:
    case 5: {
      const [metric, label] = at(BOSSES, k);
      const count = 1 + (k % 5) * 4;
      return { title: `${count} × ${label}`, goal: { type: 'kc', metric, count } };
    }
    case 6: {
      const metric = at(SKILLS, k);
      const amount = 250_000 * (1 + (k % 4));
      return {
        title: `${amount.toLocaleString('en-US')} ${metric} XP`,
        goal: { type: 'xp', metric, amount },
      };
    }
    case 7:
      return { title: `Screenshot challenge ${k + 1}`, goal: { type: 'manual' } };
    default: {
      const items = Array.from({ length: 1 + (k % 3) }, (_, i) => at(ITEMS, k + i * 7));
      const count = 1 + (k % 2);
      return { title: `${count} × ${items.join(' or ')}`.slice(0, 80), goal: { type: 'item', items, count } };
    }
  }
}

const tileAt = (k: number): BingoTileInput => ({
  row: Math.floor(k / SIZE),
  col: k % SIZE,
  points: 1 + (k % 5),
  icon: null,
  ...goalOf(k),
});

/** A fixed spread in [0, 1) for a team and a tile, so each run writes the same events. */
function spread(team: number, tile: number, salt: number): number {
  const h = Math.imul(team * 7919 + tile * 104_729 + salt * 1_299_709, 0x9e3779b1) >>> 0;
  return (h % 10_007) / 10_007;
}

/** How many posts of a team told of a tile: most tiles none yet, some one or two. */
const EVENTS_PER_TILE = [0, 0, 0, 0, 1, 1, 2];

/**
 * The events Dink would have recorded on the item and kill tiles for each team: posts by its
 * members over the board's first days, each item once per post, kill counts rising per member.
 */
function eventsOf(board: BingoBoardView, startsAt: number) {
  return board.teams.flatMap((team, t) =>
    board.tiles.flatMap((tile, k) => {
      const { goal } = tile;
      if (goal.type !== 'item' && goal.type !== 'kc') return [];
      const count = EVENTS_PER_TILE[Math.floor(spread(t, k, 0) * EVENTS_PER_TILE.length)] ?? 0;
      return Array.from({ length: count }, (_, n) => {
        const member = team.members[(t + k + n) % team.members.length];
        const hours = Math.floor(spread(t, k, n + 1) * (RUNNING_HOURS - 1));
        return {
          board_id: board.id,
          team_id: team.id,
          tile_id: tile.id,
          wom_id: member?.wom_id ?? '',
          source_key: `bench-${t}-${k}-${n}`,
          label:
            goal.type === 'item'
              ? (goal.items[n % goal.items.length] ?? '')
              : (BOSS_LABELS.get(goal.metric) ?? ''),
          amount: goal.type === 'item' ? 1 : 100 + n * 6,
          at: new Date(startsAt + hours * HOUR_MS + n * 60_000).toISOString(),
          image_id: null,
        };
      });
    }),
  );
}

type EventRow = ReturnType<typeof eventsOf>[number];

/** The completions the site's checks make of those events, as settling the board would. */
function completionsOf(board: BingoBoardView, events: readonly EventRow[]) {
  const window = { starts_at: board.starts_at, ends_at: board.ends_at };
  return board.teams.flatMap((team) => {
    const members = new Set(team.members.map((member) => member.wom_id));
    return board.tiles.flatMap((tile) => {
      const told: TileEvent[] = events
        .filter((event) => event.team_id === team.id && event.tile_id === tile.id)
        .map((event) => ({ ...event, key: event.source_key }));
      const { goal } = tile;
      const reached =
        goal.type === 'item'
          ? itemProgress(goal.count, told, window, members).completedBy
          : goal.type === 'kc'
            ? killProgress(goal.count, new Map(), told, window, members).completedBy
            : null;
      if (!reached) return [];
      return [
        {
          board_id: board.id,
          team_id: team.id,
          tile_id: tile.id,
          wom_id: reached.wom_id,
          image_id: null,
          submission_id: null,
          completed_at: reached.at,
        },
      ];
    });
  });
}

/**
 * The board `npm run bench` reads as `GET /api/bingo/:id` (issue 31: a 7×7 board with 20 teams):
 * made through the admin API from the demo clan's members, 48 tiles of every kind of goal, started
 * three days ago. What Dink and the site's checks would have written since (a few hundred tile
 * events, the completions they made) is written straight into the app's database, as nothing but
 * Dink's posts makes them; then the 49th tile is added through the API, so the app writes last and
 * reads its data revisions afresh (a SQLite app knows them from its own writes). Returns the
 * board's id and what was written.
 */
export async function seedBenchBoard(
  base: string,
  databaseUrl: string,
): Promise<{ id: number; events: number; completions: number }> {
  const admin: Visitor = { address: '127.0.0.1', cookie: null };
  await expect(base, admin, { method: 'POST', path: '/api/auth/login', body: BENCH_ADMIN }, 200);
  const clan = await expect<Array<{ wom_id: string }>>(base, admin, { path: '/api/members' }, 200);
  if (clan.length < TEAMS * TEAM_SIZE)
    throw new Error(`The bingo board needs ${TEAMS * TEAM_SIZE} members, the clan has ${clan.length}`);
  const startsAt = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - RUNNING_HOURS * HOUR_MS;
  const last = SIZE * SIZE - 1;
  const input = {
    title: 'Bench bingo',
    description: 'Seven by seven, twenty teams.',
    starts_at: new Date(startsAt).toISOString(),
    ends_at: new Date(startsAt + 7 * 24 * HOUR_MS).toISOString(),
    size: SIZE,
    review: 'auto',
    bonuses: { row: 5, column: 5, diagonal: 10, board: 50 },
    teams: Array.from({ length: TEAMS }, (_, t) => ({
      name: `Team ${t + 1}`,
      members: clan.slice(t * TEAM_SIZE, (t + 1) * TEAM_SIZE).map((member) => member.wom_id),
    })),
    tiles: Array.from({ length: last }, (_, k) => tileAt(k)),
  };
  const board = await expect<BingoBoardView>(
    base,
    admin,
    { method: 'POST', path: '/api/admin/bingo', body: input },
    201,
  );
  const events = eventsOf(board, startsAt);
  const completions = completionsOf(board, events);
  const database = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    await database.db.transaction().execute(async (trx) => {
      for (const event of events) await trx.insertInto('bingo_tile_events').values(event).execute();
      for (const completion of completions)
        await trx.insertInto('bingo_completions').values(completion).execute();
      await bumpRevision(trx, 'bingo');
    });
  } finally {
    await database.close();
  }
  await expect(
    base,
    admin,
    { method: 'POST', path: `/api/admin/bingo/${board.id}/tiles`, body: tileAt(last) },
    201,
  );
  return { id: board.id, events: events.length, completions: completions.length };
}
