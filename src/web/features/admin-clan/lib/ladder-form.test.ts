import { describe, expect, it } from 'vitest';
import { DEFAULT_LADDER } from '#core/clan/default-rules.ts';
import { ladderForm, ladderFromForm, moved } from './ladder-form.ts';

describe('ladder form', () => {
  it('gives back the ladder it was made from', () => {
    expect(ladderFromForm(ladderForm(DEFAULT_LADDER))).toEqual({ ladder: DEFAULT_LADDER });
  });

  it('reads minimums typed with thousands separators', () => {
    const form = ladderForm(DEFAULT_LADDER);
    const sapphire = form.paths[0]?.ranks[1]?.requirements[0];
    if (!sapphire) throw new Error('no Sapphire requirement');
    sapphire.min = '3,500,000';
    const result = ladderFromForm(form);
    expect('ladder' in result && result.ladder.paths[0]?.ranks[1]?.requirements[0]?.min).toBe(3_500_000);
  });

  it('names the rank whose minimum is not a number', () => {
    const form = ladderForm(DEFAULT_LADDER);
    const emerald = form.paths[0]?.ranks[2]?.requirements[0];
    if (!emerald) throw new Error('no Emerald requirement');
    emerald.min = 'lots';
    expect(ladderFromForm(form)).toEqual({ error: 'Emerald: The minimum must be a number' });
  });

  it('names a rank moved below one that asks more', () => {
    const form = ladderForm(DEFAULT_LADDER);
    const skillers = form.paths[0];
    if (!skillers) throw new Error('no skiller path');
    skillers.ranks = moved(skillers.ranks, 1, 1);
    expect(ladderFromForm(form)).toEqual({
      error: "Sapphire: Clan XP must be at least Emerald's 8,000,000",
    });
  });

  it('reads exempt roles from a comma-separated line', () => {
    const form = { ...ladderForm(DEFAULT_LADDER), exempt: ' owner ,maxed,, ' };
    const result = ladderFromForm(form);
    expect('ladder' in result && result.ladder.exempt).toEqual(['owner', 'maxed']);
  });

  it('moves an item up or down and leaves the ends alone', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
