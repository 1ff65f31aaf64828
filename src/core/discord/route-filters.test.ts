import { describe, expect, it } from 'vitest';
import type { DinkMomentKind } from '../dink/dink.schema.ts';
import type { CompetitionRef, News } from './news.ts';
import { newsForRoute, NO_FILTERS, routeFiltersSchema, type RouteFilters } from './route-filters.ts';

const filters = (changes: Partial<RouteFilters>): RouteFilters => ({ ...NO_FILTERS, ...changes });

const item = (achievement: string, metric: string, threshold: number) => ({
  wom_id: '1',
  name: 'Zezima',
  achievement,
  metric,
  threshold,
});

const achievements: News = {
  kind: 'achievements',
  items: [
    item('99 Attack', 'attack', 13_034_431),
    item('50M Attack', 'attack', 50_000_000),
    item('200M Attack', 'attack', 200_000_000),
    item('Base 70 Stats', 'overall', 737_627),
    item('500M Overall Exp.', 'overall', 500_000_000),
    item('500 Zulrah kills', 'zulrah', 500),
  ],
};

const competition: CompetitionRef = {
  event_id: 7,
  title: 'SOTW: Fishing',
  type: 'Skill of the Week',
  metric: 'fishing',
  starts_at: '2026-11-21T12:00:00.000Z',
  ends_at: '2026-11-28T12:00:00.000Z',
};

const moment = (kind: DinkMomentKind): News => ({
  kind: 'game_moments',
  moment: {
    id: 1,
    kind,
    wom_id: '1',
    player_name: 'Zezima',
    title: 'Olmlet',
    details: 'A funny feeling like you would have been followed',
    value: null,
    image_id: null,
    occurred_at: '2026-11-21T12:00:00.000Z',
  },
});

const names = (news: News | null) =>
  news?.kind === 'achievements' ? news.items.map((i) => i.achievement) : null;

describe('newsForRoute', () => {
  it('carries everything without filters', () => {
    expect(newsForRoute(achievements, NO_FILTERS)).toEqual(achievements);
    const started: News = { kind: 'competition_started', competition };
    expect(newsForRoute(started, NO_FILTERS)).toBe(started);
  });

  it('keeps only skills at level 99 and above when asked for 99s', () => {
    expect(names(newsForRoute(achievements, filters({ achievements: '99' })))).toEqual([
      '99 Attack',
      '50M Attack',
      '200M Attack',
    ]);
  });

  it('keeps only 200M XP when asked for 200M', () => {
    expect(names(newsForRoute(achievements, filters({ achievements: '200m' })))).toEqual(['200M Attack']);
  });

  it('posts nothing when no achievement passes the filter', () => {
    const kills: News = { kind: 'achievements', items: [item('500 Zulrah kills', 'zulrah', 500)] };
    expect(newsForRoute(kills, filters({ achievements: '99' }))).toBeNull();
  });

  it('keeps competitions of the listed types only, whatever their case', () => {
    const only = filters({ competition_types: ['skill of the week'] });
    for (const kind of ['competition_created', 'competition_starting', 'competition_ending'] as const) {
      expect(newsForRoute({ kind, competition }, only)).not.toBeNull();
      const boss = { kind, competition: { ...competition, type: 'Boss of the Week' } };
      expect(newsForRoute(boss, only)).toBeNull();
    }
  });

  it('lets news without a competition or achievements through any filter', () => {
    const joined: News = { kind: 'member_joined', members: [{ wom_id: '1', name: 'Zezima' }] };
    expect(
      newsForRoute(
        joined,
        filters({ achievements: '200m', competition_types: ['x'], moment_kinds: ['pet'] }),
      ),
    ).toBe(joined);
  });

  it('carries in-game moments of every kind when no moment kind is listed', () => {
    const drop = moment('loot');
    expect(newsForRoute(drop, NO_FILTERS)).toBe(drop);
    expect(newsForRoute(drop, filters({ moment_kinds: [] }))).toBe(drop);
  });

  it('carries only the listed kinds of in-game moments', () => {
    const petsAndDrops = filters({ moment_kinds: ['pet', 'loot'] });
    expect(newsForRoute(moment('pet'), petsAndDrops)).not.toBeNull();
    expect(newsForRoute(moment('loot'), petsAndDrops)).not.toBeNull();
    expect(newsForRoute(moment('level'), petsAndDrops)).toBeNull();
    expect(newsForRoute(moment('collection'), petsAndDrops)).toBeNull();
  });

  it('does not narrow in-game moments by the achievements or competition filters', () => {
    const pet = moment('pet');
    expect(newsForRoute(pet, filters({ achievements: '200m', competition_types: ['x'] }))).toBe(pet);
  });
});

describe('routeFiltersSchema', () => {
  it('fills in defaults and refuses unknown keys', () => {
    expect(routeFiltersSchema.parse({})).toEqual(NO_FILTERS);
    expect(routeFiltersSchema.safeParse({ achievements: '99', extra: 1 }).success).toBe(false);
    expect(routeFiltersSchema.safeParse({ achievements: '100' }).success).toBe(false);
  });

  it('takes the moment kinds Dink moments have and no other', () => {
    expect(routeFiltersSchema.parse({ moment_kinds: ['pet', 'loot'] }).moment_kinds).toEqual(['pet', 'loot']);
    expect(routeFiltersSchema.safeParse({ moment_kinds: ['PET'] }).success).toBe(false);
    expect(routeFiltersSchema.safeParse({ moment_kinds: ['raid'] }).success).toBe(false);
  });
});
