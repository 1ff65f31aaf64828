import { describe, expect, it } from 'vitest';
import {
  DAYS_MESSAGE,
  NEVER_SEEN_CHANGING,
  assessInactivity,
  awayInputSchema,
  daysUntilBack,
  inactivityExportFileName,
  inactivityExportRow,
  inactivityOf,
  inactivityQuerySchema,
  isAway,
  type InactivityFacts,
} from './inactivity.ts';

const TODAY = '2026-11-21';

function facts(overrides: Partial<InactivityFacts> = {}): InactivityFacts {
  return {
    wom_id: '1',
    name: 'Zezima',
    womrole: 'opal',
    hidden: false,
    joined_on: '2025-01-01',
    wom_last_changed_at: null,
    last_gain_day: null,
    away_until: null,
    ...overrides,
  };
}

describe('daysUntilBack', () => {
  it('counts to the day after the last day away', () => {
    expect(daysUntilBack('2026-12-24', TODAY)).toBe(34);
    expect(daysUntilBack('2026-11-22', TODAY)).toBe(2);
    expect(daysUntilBack(TODAY, TODAY)).toBe(1);
    expect(daysUntilBack('2026-11-20', TODAY)).toBe(0);
  });
});

describe('assessInactivity', () => {
  it('takes the later of WOM lastChangedAt and the last stored gain', () => {
    const womLater = facts({ wom_last_changed_at: '2026-10-01T23:59:00.000Z', last_gain_day: '2026-09-01' });
    expect(assessInactivity(womLater, TODAY, 30)).toEqual({
      status: 'inactive',
      last_active: '2026-10-01',
      days_inactive: 51,
    });
    const snapshotsLater = facts({
      wom_last_changed_at: '2026-09-01T10:00:00.000Z',
      last_gain_day: '2026-11-01',
    });
    expect(assessInactivity(snapshotsLater, TODAY, 30)).toEqual({
      status: 'active',
      last_active: '2026-11-01',
      days_inactive: 20,
    });
  });

  it('uses the snapshots alone when WOM gave no lastChangedAt', () => {
    expect(assessInactivity(facts({ last_gain_day: '2026-10-22' }), TODAY, 30)).toMatchObject({
      status: 'inactive',
      last_active: '2026-10-22',
      days_inactive: 30,
    });
  });

  it('is inactive from exactly N days without a gain, and active a day before', () => {
    expect(assessInactivity(facts({ last_gain_day: '2026-10-22' }), TODAY, 30).status).toBe('inactive');
    expect(assessInactivity(facts({ last_gain_day: '2026-10-23' }), TODAY, 30).status).toBe('active');
    expect(assessInactivity(facts({ last_gain_day: TODAY }), TODAY, 1)).toMatchObject({
      status: 'active',
      days_inactive: 0,
    });
  });

  it('counts a member never seen changing as inactive since they joined', () => {
    expect(assessInactivity(facts({ joined_on: '2026-09-22' }), TODAY, 30)).toEqual({
      status: 'inactive',
      last_active: null,
      days_inactive: 60,
    });
  });

  it('does not list a member who joined fewer than N days ago, however long ago they last played', () => {
    const newcomer = facts({ joined_on: '2026-11-01', wom_last_changed_at: '2024-01-01T00:00:00.000Z' });
    expect(assessInactivity(newcomer, TODAY, 30).status).toBe('new');
    expect(assessInactivity(newcomer, TODAY, 20).status).toBe('inactive');
    expect(assessInactivity(facts({ joined_on: '2026-12-01' }), TODAY, 1).status).toBe('new');
  });

  it('exempts a member away until today or later, but not one whose away date has passed', () => {
    const idle = { last_gain_day: '2026-01-01' };
    expect(assessInactivity(facts({ ...idle, away_until: TODAY }), TODAY, 30).status).toBe('away');
    expect(assessInactivity(facts({ ...idle, away_until: '2027-02-01' }), TODAY, 30).status).toBe('away');
    expect(assessInactivity(facts({ ...idle, away_until: '2026-11-20' }), TODAY, 30).status).toBe('inactive');
  });

  it('never counts a lastChangedAt ahead of the clock as negative days', () => {
    expect(
      assessInactivity(facts({ wom_last_changed_at: '2026-11-22T01:00:00.000Z' }), TODAY, 1).days_inactive,
    ).toBe(0);
  });
});

describe('isAway', () => {
  it('holds through the away date itself', () => {
    expect(isAway(null, TODAY)).toBe(false);
    expect(isAway('2026-11-20', TODAY)).toBe(false);
    expect(isAway(TODAY, TODAY)).toBe(true);
    expect(isAway('2026-11-22', TODAY)).toBe(true);
  });
});

describe('inactivityOf', () => {
  it('lists the longest inactive first, ties by name, and the away members soonest back first', () => {
    const members = [
      facts({ wom_id: '1', name: 'bravo', last_gain_day: '2026-10-01' }),
      facts({ wom_id: '2', name: 'Alpha', last_gain_day: '2026-10-01' }),
      facts({ wom_id: '3', name: 'Charlie', last_gain_day: '2026-06-01', hidden: true }),
      facts({ wom_id: '4', name: 'Active', last_gain_day: '2026-11-20' }),
      facts({ wom_id: '5', name: 'Later', last_gain_day: '2026-01-01', away_until: '2026-12-24' }),
      facts({ wom_id: '6', name: 'Sooner', away_until: '2026-11-30' }),
    ];
    const { inactive, away } = inactivityOf(members, TODAY, 30);
    expect(inactive.map((m) => m.name)).toEqual(['Charlie', 'Alpha', 'bravo']);
    expect(inactive[0]).toEqual({
      wom_id: '3',
      name: 'Charlie',
      womrole: 'opal',
      hidden: true,
      last_active: '2026-06-01',
      days_inactive: 173,
      away_until: null,
    });
    expect(away.map((m) => [m.name, m.away_until])).toEqual([
      ['Sooner', '2026-11-30'],
      ['Later', '2026-12-24'],
    ]);
  });
});

describe('inactivityQuerySchema', () => {
  it('defaults to 30 days and the first page', () => {
    expect(inactivityQuerySchema.parse({})).toEqual({ days: 30, limit: 100, offset: 0 });
  });

  it.each(['0', '366', '-1', '7.5', 'abc', ''])('refuses days=%s with the range in the message', (days) => {
    const result = inactivityQuerySchema.safeParse({ days });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DAYS_MESSAGE);
  });

  it('accepts 1 and 365', () => {
    expect(inactivityQuerySchema.parse({ days: '1' }).days).toBe(1);
    expect(inactivityQuerySchema.parse({ days: '365' }).days).toBe(365);
  });

  it('refuses a limit above the cap and unknown parameters', () => {
    expect(inactivityQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(inactivityQuerySchema.safeParse({ sort: 'name' }).success).toBe(false);
  });
});

describe('awayInputSchema', () => {
  it('takes a date or null and nothing else', () => {
    expect(awayInputSchema.parse({ away_until: '2026-12-01' })).toEqual({ away_until: '2026-12-01' });
    expect(awayInputSchema.parse({ away_until: null })).toEqual({ away_until: null });
    expect(awayInputSchema.safeParse({ away_until: '2026-13-01' }).success).toBe(false);
    expect(awayInputSchema.safeParse({ away_until: '01/12/2026' }).success).toBe(false);
    expect(awayInputSchema.safeParse({}).success).toBe(false);
  });
});

describe('the export', () => {
  it('says never seen changing where there is no last activity', () => {
    const row = inactivityExportRow({
      wom_id: '9',
      name: 'Quiet',
      womrole: null,
      hidden: true,
      last_active: null,
      days_inactive: 40,
      away_until: '2026-11-01',
    });
    expect(row).toEqual(['Quiet', '9', null, NEVER_SEEN_CHANGING, 40, '2026-11-01', 'yes']);
  });

  it('names the file after the window and the day', () => {
    expect(inactivityExportFileName(30, new Date('2026-11-21T23:00:00.000Z'))).toBe(
      'siege-inactive-30d-2026-11-21.csv',
    );
  });
});
