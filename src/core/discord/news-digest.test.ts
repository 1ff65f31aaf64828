import { describe, expect, it } from 'vitest';
import { gatheredNews, gathers, saysNothing } from './news-digest.ts';
import type { News } from './news.ts';

const change = (wom_id: string, from: string | null, to: string, by_admin = true) => ({
  wom_id,
  name: `Member ${wom_id}`,
  from,
  to,
  by_admin,
});
const ranks = (...changes: ReturnType<typeof change>[]): News => ({ kind: 'rank_changed', changes });

describe('gathering rank changes into one message', () => {
  it('gathers rank changes only', () => {
    expect(gathers('rank_changed')).toBe(true);
    expect(gathers('member_joined')).toBe(false);
    expect(gathers('rank_updates_due')).toBe(false);
    expect(
      gatheredNews(ranks(change('1', 'opal', 'ruby')), { kind: 'member_joined', members: [] }),
    ).toBeNull();
    expect(
      gatheredNews({ kind: 'member_left', members: [] }, { kind: 'member_left', members: [] }),
    ).toBeNull();
  });

  it('lists every member changed, in the order they were first changed', () => {
    const gathered = gatheredNews(
      ranks(change('1', 'opal', 'ruby'), change('2', 'ruby', 'diamond')),
      ranks(change('3', null, 'opal', false)),
    );
    expect(gathered).toEqual(
      ranks(change('1', 'opal', 'ruby'), change('2', 'ruby', 'diamond'), change('3', null, 'opal', false)),
    );
  });

  it('tells a member changed twice once, from their first rank to their last', () => {
    const gathered = gatheredNews(
      ranks(change('1', 'opal', 'ruby'), change('2', 'ruby', 'diamond')),
      ranks(change('1', 'ruby', 'onyx')),
    );
    expect(gathered).toEqual(ranks(change('1', 'opal', 'onyx'), change('2', 'ruby', 'diamond')));
  });

  it('leaves out a member set back to the rank they had, and says nothing when nobody is left', () => {
    const gathered = gatheredNews(ranks(change('1', 'opal', 'ruby')), ranks(change('1', 'ruby', 'opal')));
    expect(gathered).toEqual(ranks());
    expect(saysNothing(gathered!)).toBe(true);
    expect(saysNothing(ranks(change('1', 'opal', 'ruby')))).toBe(false);
  });
});
