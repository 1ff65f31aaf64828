import { describe, expect, it } from 'vitest';
import { createBingoInputSchema } from '#core/bingo/bingo.schema.ts';
import { boardFromTemplate, boardPayload, emptyBoard, emptyTile } from './board-form.ts';

describe("the bingo builder's form", () => {
  const now = new Date('2026-12-01T10:20:00.000Z');

  it('starts a board tomorrow on the hour, for a week, and sends what the API takes', () => {
    const form = {
      ...emptyBoard(now),
      title: ' Winter bingo ',
      tiles: [
        { ...emptyTile(0, 0), title: 'Barrows', items: "Ahrim's hood\n\n Dharok's helm ", count: '2' },
        { ...emptyTile(1, 1), title: 'Zulrah', type: 'kc' as const, metric: 'zulrah', count: '50' },
        { ...emptyTile(6, 6), title: 'Off the board' },
      ],
      teams: [{ name: 'Red', members: [{ wom_id: '7', name: 'Zezima' }] }],
    };
    const payload = boardPayload(form);
    expect(Date.parse(payload.ends_at) - Date.parse(payload.starts_at)).toBe(7 * 86_400_000);
    expect(Date.parse(payload.starts_at)).toBe(Date.parse('2026-12-02T11:00:00.000Z'));
    expect(payload.tiles).toEqual([
      {
        row: 0,
        col: 0,
        title: 'Barrows',
        icon: null,
        points: 1,
        goal: { type: 'item', items: ["Ahrim's hood", "Dharok's helm"], count: 2 },
      },
      {
        row: 1,
        col: 1,
        title: 'Zulrah',
        icon: null,
        points: 1,
        goal: { type: 'kc', metric: 'zulrah', count: 50 },
      },
    ]);
    expect(payload.teams).toEqual([{ name: 'Red', members: ['7'] }]);
    expect(createBingoInputSchema.safeParse(payload).success).toBe(true);
  });

  it('sends an empty number as one the server refuses by field, never as 0', () => {
    const form = { ...emptyBoard(now), title: 'x', tiles: [{ ...emptyTile(0, 0), title: 't', points: '' }] };
    const result = createBingoInputSchema.safeParse(boardPayload(form));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['tiles', 0, 'points']);
  });

  it("takes a template's layout, keeping the new board's dates and teams", () => {
    const form = { ...emptyBoard(now), title: 'Spring' };
    const next = boardFromTemplate(form, {
      description: 'Again',
      size: 3,
      codeword: 'Frog',
      review: 'referee',
      bonuses: { row: 5, column: 5, diagonal: 5, board: 20 },
      tiles: [
        {
          row: 0,
          col: 0,
          title: 'XP',
          icon: 'wintertodt',
          points: 2,
          goal: { type: 'xp', metric: 'fishing', amount: 1_000_000 },
        },
      ],
    });
    expect(next).toMatchObject({
      title: 'Spring',
      startsAt: form.startsAt,
      size: 3,
      codeword: 'Frog',
      review: 'referee',
    });
    expect(next.tiles[0]).toMatchObject({
      icon: 'wintertodt',
      type: 'xp',
      metric: 'fishing',
      count: '1000000',
      points: '2',
    });
  });
});
