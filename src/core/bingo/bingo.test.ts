import { describe, expect, it } from 'vitest';
import { balanceTeams } from './balance-teams.ts';
import { createBingoInputSchema } from './bingo.schema.ts';
import { completedLines, teamScore, tileState, type ScoredTile } from './bingo-scoring.ts';
import { gainProgress, itemProgress, killProgress, type TileEvent } from './tile-progress.ts';

const WINDOW = { starts_at: '2026-12-01T00:00:00.000Z', ends_at: '2026-12-08T00:00:00.000Z' };
const RED = new Set(['1', '2']);

function drop(overrides: Partial<TileEvent> = {}): TileEvent {
  return { wom_id: '1', amount: 1, at: '2026-12-02T12:00:00.000Z', key: 'post-1', image_id: 7, ...overrides };
}

describe('item tiles', () => {
  it('completes from a drop by a team member inside the window, with that drop as proof', () => {
    expect(itemProgress(1, [drop()], WINDOW, RED)).toEqual({ progress: 1, completedBy: drop() });
  });

  it('ignores drops before the start, at or after the end, or by another team', () => {
    const drops = [
      drop({ at: '2026-11-30T23:59:59.000Z', key: 'early' }),
      drop({ at: WINDOW.ends_at, key: 'late' }),
      drop({ wom_id: '3', key: 'stranger' }),
    ];
    expect(itemProgress(1, drops, WINDOW, RED)).toEqual({ progress: 0, completedBy: null });
  });

  it('counts a retried post once, and a split drop once per player who posted it', () => {
    const drops = [drop(), drop(), drop({ wom_id: '2', key: 'post-1' })];
    expect(itemProgress(5, drops, WINDOW, RED).progress).toBe(2);
  });

  it('needs the count: three Barrows pieces complete a count-3 tile on the third', () => {
    const pieces = [drop({ key: 'a' }), drop({ key: 'b', at: '2026-12-03T00:00:00.000Z' })];
    expect(itemProgress(3, pieces, WINDOW, RED)).toEqual({ progress: 2, completedBy: null });
    const third = drop({ key: 'c', at: '2026-12-04T00:00:00.000Z', image_id: 9 });
    expect(itemProgress(3, [...pieces, third], WINDOW, RED)).toEqual({ progress: 3, completedBy: third });
  });

  it('counts a stack by its quantity', () => {
    expect(itemProgress(10, [drop({ amount: 12 })], WINDOW, RED).progress).toBe(12);
  });
});

describe('gain tiles', () => {
  it("sums the team's members' gains, never a loss", () => {
    const gains = new Map([
      ['1', 600_000],
      ['2', -50],
      ['3', 5_000_000],
    ]);
    expect(gainProgress(gains, RED)).toBe(600_000);
  });
});

describe('kill tiles', () => {
  const kc = (womId: string, count: number, at: string) =>
    drop({ wom_id: womId, amount: count, at, key: `kc-${womId}-${count}` });

  it("takes WOM's gains for members WOM measured, and Dink's kill counts for the rest", () => {
    const events = [
      kc('2', 10, '2026-12-02T00:00:00.000Z'),
      kc('2', 11, '2026-12-02T00:05:00.000Z'),
      kc('2', 14, '2026-12-02T00:20:00.000Z'),
      // Member 1 is measured by WOM: their Dink posts do not count twice.
      kc('1', 500, '2026-12-02T00:30:00.000Z'),
    ];
    const result = killProgress(50, new Map([['1', 30]]), events, WINDOW, RED);
    expect(result.progress).toBe(30 + 5);
    expect(result.completedBy).toBeNull();
  });

  it('proves the tile with the Dink post that reached the count', () => {
    const events = [kc('2', 10, '2026-12-02T00:00:00.000Z'), kc('2', 12, '2026-12-02T01:00:00.000Z')];
    expect(killProgress(3, new Map(), events, WINDOW, RED)).toEqual({ progress: 3, completedBy: events[1] });
  });
});

describe('scoring', () => {
  const tiles: ScoredTile[] = [];
  for (let row = 0; row < 3; row += 1)
    for (let col = 0; col < 3; col += 1) tiles.push({ row, col, points: 1 });
  const bonuses = { row: 5, column: 4, diagonal: 3, board: 20 };

  it('gives a tile its state: complete once recorded, pending while a referee looks, else open', () => {
    expect(tileState(true, false)).toBe('complete');
    expect(tileState(true, true)).toBe('complete');
    expect(tileState(false, true)).toBe('pending');
    expect(tileState(false, false)).toBe('open');
  });

  it('adds a row bonus when a row completes, and nothing for a row with a hole', () => {
    const firstRow = (tile: ScoredTile) => tile.row === 0;
    expect(teamScore(3, tiles, firstRow, bonuses)).toMatchObject({ tiles: 3, bonus: 5, total: 8 });
    const holed = tiles.filter((tile) => !(tile.row === 0 && tile.col === 2));
    expect(teamScore(3, holed, firstRow, bonuses)).toMatchObject({ tiles: 2, bonus: 0, total: 2 });
  });

  it('finds columns and both diagonals, and the whole board', () => {
    const lines = completedLines(
      3,
      tiles,
      (tile) => tile.col === 1 || tile.row === tile.col || tile.row + tile.col === 2,
    );
    // The column and both diagonals fill the top and bottom rows as well.
    expect(lines).toEqual({ rows: [0, 2], columns: [1], diagonals: ['main', 'anti'], board: false });
    const all = teamScore(3, tiles, () => true, bonuses);
    expect(all).toMatchObject({ tiles: 9, bonus: 3 * 5 + 3 * 4 + 2 * 3 + 20 });
  });
});

describe('balancing teams', () => {
  it('splits members into teams of near-equal EHB + EHP, whatever order they came in', () => {
    const members = [100, 90, 60, 50, 40, 10].map((weight, i) => ({
      wom_id: String(i),
      name: `M${i}`,
      weight,
    }));
    const teams = balanceTeams(members, 2);
    // 350 in all: the best split of these six is 170 and 180, three members each.
    expect(teams.map((team) => team.total).sort()).toEqual([170, 180]);
    expect(teams.map((team) => team.members.length)).toEqual([3, 3]);
    expect(teams.flatMap((team) => team.members).length).toBe(6);
    expect(balanceTeams([...members].reverse(), 2)).toEqual(teams);
  });

  it('keeps team sizes within one when everyone weighs the same', () => {
    const members = Array.from({ length: 7 }, (_, i) => ({ wom_id: String(i), name: `M${i}`, weight: 0 }));
    expect(balanceTeams(members, 3).map((team) => team.members.length)).toEqual([3, 2, 2]);
  });
});

describe('a new board', () => {
  const valid = {
    title: 'Winter bingo',
    starts_at: WINDOW.starts_at,
    ends_at: WINDOW.ends_at,
    size: 3,
    tiles: [
      {
        row: 0,
        col: 0,
        title: 'DWH',
        points: 2,
        goal: { type: 'item', items: ['Dragon warhammer'], count: 1 },
      },
    ],
    teams: [
      { name: 'Red', members: ['1', '2'] },
      { name: 'Blue', members: ['3'] },
    ],
  };

  it('takes the contract, with defaults for what it leaves out', () => {
    const parsed = createBingoInputSchema.parse(valid);
    expect(parsed).toMatchObject({
      review: 'auto',
      codeword: null,
      bonuses: { row: 0, column: 0, diagonal: 0, board: 0 },
    });
  });

  it("takes a tile's icon from the catalogue, and none as null", () => {
    const parsed = createBingoInputSchema.parse({
      ...valid,
      tiles: [{ ...valid.tiles[0], icon: 'barrows_chests' }],
    });
    expect(parsed.tiles[0]?.icon).toBe('barrows_chests');
    expect(createBingoInputSchema.parse(valid).tiles[0]?.icon).toBeNull();
  });

  it('names the bad field', () => {
    const cases: Array<[object, string]> = [
      [{ ...valid, size: 8 }, 'size'],
      [{ ...valid, ends_at: valid.starts_at }, 'ends_at'],
      [{ ...valid, tiles: [{ ...valid.tiles[0], row: 3 }] }, 'tiles.0'],
      [{ ...valid, tiles: [valid.tiles[0], valid.tiles[0]] }, 'tiles.1'],
      [
        { ...valid, tiles: [{ ...valid.tiles[0], goal: { type: 'kc', metric: 'fishing', count: 5 } }] },
        'tiles.0.goal.metric',
      ],
      [{ ...valid, teams: [...valid.teams, { name: 'Green', members: ['2'] }] }, 'teams.2.members'],
      [{ ...valid, teams: [...valid.teams, { name: 'red', members: [] }] }, 'teams.2.name'],
      [{ ...valid, tiles: [{ ...valid.tiles[0], icon: 'not_an_icon' }] }, 'tiles.0.icon'],
    ];
    for (const [input, field] of cases) {
      const result = createBingoInputSchema.safeParse(input);
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.path.join('.'), field).toBe(field);
    }
  });
});
