import { describe, expect, it } from 'vitest';
import { DEFAULT_LADDER } from '../clan/default-rules.ts';
import { pathKeyOf } from '../clan/rank-ladder.ts';
import {
  NO_ROSTER_FILTERS,
  ROSTER_FILTERS,
  activeRosterFilters,
  compareRoster,
  filterRoster,
  sortRoster,
  type RosterEntry,
  type RosterFilters,
} from './roster-filters.ts';

/** A roster entry; its path is the one the default ladder puts its role on, as the server sends it. */
function entry(name: string, overrides: Partial<RosterEntry> = {}): RosterEntry {
  const base = {
    name,
    wom_name: null,
    womrole: 'opal',
    ironman_type: null,
    alt: false,
    clan_xp: 0,
    ...overrides,
  };
  return {
    ...base,
    rank_path:
      overrides.rank_path !== undefined ? overrides.rank_path : pathKeyOf(DEFAULT_LADDER, base.womrole),
  };
}

const roster: RosterEntry[] = [
  entry('Big Boss', { womrole: 'owner' }),
  entry('Second', { womrole: 'deputy_owner' }),
  entry('Gen Eral', { womrole: 'general' }),
  entry('Cap Tain', { womrole: 'captain' }),
  entry('Boss Planner', { womrole: 'pvm_organizer' }),
  entry('Gem Iron', { womrole: 'sapphire', ironman_type: 'hardcore', wom_name: 'Old_Gem' }),
  entry('Gem Main', { womrole: 'zenyte' }),
  entry('Maxed Out', { womrole: 'maxed' }),
  entry('Fight Iron', { womrole: 'tzkal', ironman_type: 'group' }),
  entry('Fight Main', { womrole: 'mentor' }),
  entry('Gem Alt', { womrole: 'opal', alt: true }),
  entry('Fight Alt', { womrole: 'leader', alt: true, ironman_type: 'ultimate' }),
  entry('No Role', { womrole: null }),
];

const names = (members: RosterEntry[]) => members.map((member) => member.name);
const filtered = (filters: Partial<RosterFilters>) =>
  names(filterRoster(roster, { ...NO_ROSTER_FILTERS, ...filters }));

describe('roster filter vocabulary', () => {
  it('lists the spec filters in menu order', () => {
    expect(ROSTER_FILTERS.map((filter) => filter.label)).toEqual([
      'Ironman Only',
      'Skillers Only',
      'Fighters Only',
      'Hide Admin Ranks',
      'Show Alt Accounts',
    ]);
  });

  it('names the active filters in menu order', () => {
    expect(activeRosterFilters(NO_ROSTER_FILTERS)).toEqual([]);
    const active = activeRosterFilters({ ...NO_ROSTER_FILTERS, showAlts: true, ironmanOnly: true });
    expect(active.map((filter) => filter.key)).toEqual(['ironmanOnly', 'showAlts']);
  });
});

describe('filterRoster', () => {
  it('shows everyone but alts when no filter is on, keeping the given order', () => {
    expect(filtered({})).toEqual(names(roster).filter((name) => !name.endsWith('Alt')));
  });

  it('shows alts with Show Alt Accounts', () => {
    expect(filtered({ showAlts: true })).toEqual(names(roster));
  });

  it.each(['', '   '])('treats the search %j as no search', (search) => {
    expect(filtered({ search })).toHaveLength(roster.length - 2);
  });

  it('searches name and WOM name case-insensitively by substring', () => {
    expect(filtered({ search: 'BOSS' })).toEqual(['Big Boss', 'Boss Planner']);
    expect(filtered({ search: 'old' })).toEqual(['Gem Iron']);
    expect(filtered({ search: '  main ' })).toEqual(['Gem Main', 'Fight Main']);
    expect(filtered({ search: 'nobody' })).toEqual([]);
  });

  it('treats space, underscore and hyphen in names as the same character', () => {
    expect(filtered({ search: 'old gem' })).toEqual(['Gem Iron']);
    expect(filtered({ search: 'gem-iron' })).toEqual(['Gem Iron']);
  });

  it('does not search the role', () => {
    expect(filtered({ search: 'sapphire' })).toEqual([]);
  });

  it('keeps members with an ironman type with Ironman Only', () => {
    expect(filtered({ ironmanOnly: true })).toEqual(['Gem Iron', 'Fight Iron']);
    expect(filtered({ ironmanOnly: true, showAlts: true })).toEqual(['Gem Iron', 'Fight Iron', 'Fight Alt']);
  });

  it('keeps gem ranks (and maxed skillers) with Skillers Only', () => {
    expect(filtered({ skillersOnly: true })).toEqual(['Gem Iron', 'Gem Main', 'Maxed Out']);
  });

  it('keeps combat ranks with Fighters Only', () => {
    expect(filtered({ fightersOnly: true })).toEqual(['Fight Iron', 'Fight Main']);
  });

  it('keeps either path when Skillers Only and Fighters Only are both on', () => {
    expect(filtered({ skillersOnly: true, fightersOnly: true })).toEqual([
      'Gem Iron',
      'Gem Main',
      'Maxed Out',
      'Fight Iron',
      'Fight Main',
    ]);
  });

  it("reads the path the member's rank is on from the server, whatever the role's name", () => {
    const custom = [
      entry('Iron Skiller', { womrole: 'iron', rank_path: 'skiller' }),
      entry('Steel Fighter', { womrole: 'steel', rank_path: 'fighter' }),
      entry('Raider', { womrole: 'raider', rank_path: 'raids' }),
      entry('Pathless Opal', { womrole: 'opal', rank_path: null }),
      entry('Maxed', { womrole: 'Maxed', rank_path: null }),
    ];
    const pick = (filters: Partial<RosterFilters>) =>
      names(filterRoster(custom, { ...NO_ROSTER_FILTERS, ...filters }));
    expect(pick({ skillersOnly: true })).toEqual(['Iron Skiller', 'Maxed']);
    expect(pick({ fightersOnly: true })).toEqual(['Steel Fighter']);
    expect(pick({ skillersOnly: true, fightersOnly: true })).toEqual([
      'Iron Skiller',
      'Steel Fighter',
      'Maxed',
    ]);
    expect(pick({})).toEqual(names(custom));
  });

  it('hides every admin title, deputy owner and pvm organizer included, with Hide Admin Ranks', () => {
    expect(filtered({ hideAdminRanks: true })).toEqual([
      'Gem Iron',
      'Gem Main',
      'Maxed Out',
      'Fight Iron',
      'Fight Main',
      'No Role',
    ]);
  });

  it('combines filters, each narrowing the list', () => {
    expect(filtered({ ironmanOnly: true, fightersOnly: true })).toEqual(['Fight Iron']);
    expect(filtered({ ironmanOnly: true, fightersOnly: true, showAlts: true })).toEqual([
      'Fight Iron',
      'Fight Alt',
    ]);
    expect(filtered({ ironmanOnly: true, skillersOnly: true, search: 'old' })).toEqual(['Gem Iron']);
    expect(filtered({ hideAdminRanks: true, search: 'boss' })).toEqual([]);
  });

  it('returns the same member objects, not copies', () => {
    const [first] = filterRoster(roster, NO_ROSTER_FILTERS);
    expect(first).toBe(roster[0]);
  });
});

describe('sortRoster', () => {
  it('puts admin titles first in title order, then the rest by clan XP gained, highest first', () => {
    const shuffled = [
      entry('Low', { clan_xp: 10 }),
      entry('Captain', { womrole: 'captain', clan_xp: 1 }),
      entry('Organizer', { womrole: 'pvm_organizer', clan_xp: 999_999_999 }),
      entry('High', { womrole: 'mentor', clan_xp: 500_000_000 }),
      entry('Deputy', { womrole: 'deputy_owner' }),
      entry('General', { womrole: 'general' }),
      entry('Mid', { womrole: 'maxed', clan_xp: 20_000_000 }),
      entry('Owner', { womrole: 'owner', clan_xp: -5 }),
    ];
    expect(names(sortRoster(shuffled))).toEqual([
      'Owner',
      'Deputy',
      'General',
      'Captain',
      'Organizer',
      'High',
      'Mid',
      'Low',
    ]);
  });

  it('orders holders of the same title by clan XP', () => {
    const generals = [
      entry('A', { womrole: 'general', clan_xp: 1 }),
      entry('B', { womrole: 'general', clan_xp: 2 }),
    ];
    expect(names(sortRoster(generals))).toEqual(['B', 'A']);
  });

  it('reads admin titles in any spelling', () => {
    const members = [entry('Plain', { clan_xp: 100 }), entry('Deputy', { womrole: 'Deputy Owner' })];
    expect(names(sortRoster(members))).toEqual(['Deputy', 'Plain']);
  });

  it('breaks clan XP ties by name so the order is stable', () => {
    const tied = [entry('zed'), entry('Alpha'), entry('mike')];
    expect(names(sortRoster(tied))).toEqual(['Alpha', 'mike', 'zed']);
    expect(compareRoster(entry('Same'), entry('same'))).toBe(0);
  });

  it('leaves its input untouched', () => {
    const members = [entry('Low', { clan_xp: 1 }), entry('High', { clan_xp: 2 })];
    sortRoster(members);
    expect(names(members)).toEqual(['Low', 'High']);
  });
});
