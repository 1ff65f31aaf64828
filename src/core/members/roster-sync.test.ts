import { describe, expect, it } from 'vitest';
import { planRosterSync, type GroupMember, type StoredMember } from './roster-sync.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');

function incoming(overrides: Partial<GroupMember> = {}): GroupMember {
  return {
    wom_id: '1',
    display_name: 'Zezima',
    role: 'sapphire',
    current_xp: 10_000_000,
    current_lvl: 1500,
    combat_level: 100,
    ehb: 12.5,
    ehp: 40.25,
    wom_account_type: 'regular',
    build: 'main',
    join_date: '2023-01-02',
    last_changed_at: null,
    ...overrides,
  };
}

function stored(overrides: Partial<StoredMember> = {}): StoredMember {
  return {
    wom_id: '1',
    name: 'Zezima',
    wom_name: 'Zezima',
    womrole: 'sapphire',
    wom_role_synced: 'sapphire',
    current_xp: 10_000_000,
    current_lvl: 1500,
    first_xp: 8_000_000,
    first_lvl: 1450,
    combat_level: 100,
    ehb: 12,
    ehp: 40.25,
    wom_account_type: 'regular',
    build: 'main',
    join_date: '2023-01-02',
    wom_join_date_synced: '2023-01-02',
    left_at: null,
    not_in_wom: false,
    wom_last_changed_at: null,
    ...overrides,
  };
}

describe('planRosterSync', () => {
  it("floors WOM's fractional EHB, as the spec keeps EHB an integer", () => {
    const added = planRosterSync([], [incoming({ ehb: 99.97 })], NOW);
    expect(added.inserts[0]?.ehb).toBe(99);
    const updated = planRosterSync([stored({ ehb: 12 })], [incoming({ ehb: 13.4 })], NOW);
    expect(updated.updates).toEqual([{ wom_id: '1', patch: { ehb: 13 } }]);
    expect(planRosterSync([stored({ ehb: 12 })], [incoming({ ehb: 12.9 })], NOW).updates).toEqual([]);
  });

  it('keeps EHP as WOM gives it, a measure a rank can ask for (issue 30)', () => {
    expect(planRosterSync([], [incoming({ ehp: 812.40553 })], NOW).inserts[0]?.ehp).toBe(812.40553);
    const updated = planRosterSync([stored({ ehp: 40.25 })], [incoming({ ehp: 41.5 })], NOW);
    expect(updated.updates).toEqual([{ wom_id: '1', patch: { ehp: 41.5 } }]);
  });

  it('inserts a new member with their values at joining as the baseline, so clan XP starts at 0', () => {
    const plan = planRosterSync([], [incoming({ current_xp: 55_000_000, current_lvl: 1800 })], NOW);
    expect(plan.inserts).toEqual([
      expect.objectContaining({
        wom_id: '1',
        name: 'Zezima',
        wom_name: 'Zezima',
        first_xp: 55_000_000,
        first_lvl: 1800,
        current_xp: 55_000_000,
        womrole: 'sapphire',
        wom_role_synced: 'sapphire',
      }),
    ]);
  });

  it('gives a member WOM has no snapshot for level 0 and combat level 3', () => {
    const plan = planRosterSync([], [incoming({ current_lvl: null, combat_level: null })], NOW);
    expect(plan.inserts[0]).toMatchObject({ current_lvl: 0, first_lvl: 0, combat_level: 3 });
  });

  it('takes the first real XP as the baseline of a member who joined before WOM measured them', () => {
    const neverMeasured = stored({ current_xp: 0, current_lvl: 0, first_xp: 0, first_lvl: 0 });
    const plan = planRosterSync(
      [neverMeasured],
      [incoming({ current_xp: 30_000_000, current_lvl: 1700 })],
      NOW,
    );
    expect(plan.updates).toEqual([
      {
        wom_id: '1',
        patch: { current_xp: 30_000_000, current_lvl: 1700, first_xp: 30_000_000, first_lvl: 1700 },
      },
    ]);
  });

  it('leaves a never-measured member unchanged while WOM still has no snapshot for them', () => {
    const neverMeasured = stored({ current_xp: 0, current_lvl: 0, first_xp: 0, first_lvl: 0 });
    const plan = planRosterSync(
      [neverMeasured],
      [incoming({ current_xp: 0, current_lvl: null, combat_level: null })],
      NOW,
    );
    expect(plan.updates).toEqual([]);
  });

  it('changes nothing when WOM reports what is stored', () => {
    expect(planRosterSync([stored()], [incoming()], NOW)).toEqual({
      inserts: [],
      updates: [],
      renames: [],
      left: [],
      returned: [],
    });
  });

  it('updates stats by WOM id and never touches the baseline', () => {
    const plan = planRosterSync([stored()], [incoming({ current_xp: 12_000_000, ehb: 20 })], NOW);
    expect(plan.updates).toEqual([{ wom_id: '1', patch: { current_xp: 12_000_000, ehb: 20 } }]);
  });

  it('follows a rename by id and records it', () => {
    const plan = planRosterSync([stored()], [incoming({ display_name: 'Zezima Jr' })], NOW);
    expect(plan.updates).toEqual([{ wom_id: '1', patch: { wom_name: 'Zezima Jr', name: 'Zezima Jr' } }]);
    expect(plan.renames).toEqual([{ wom_id: '1', from: 'Zezima', to: 'Zezima Jr' }]);
    expect(plan.inserts).toEqual([]);
  });

  it('keeps a display name an admin chose when the WOM name changes', () => {
    const plan = planRosterSync(
      [stored({ name: 'Zez (main)' })],
      [incoming({ display_name: 'Zezima Jr' })],
      NOW,
    );
    expect(plan.updates).toEqual([{ wom_id: '1', patch: { wom_name: 'Zezima Jr' } }]);
  });

  it("keeps an admin's rank change while WOM's role stays the same", () => {
    const plan = planRosterSync(
      [stored({ womrole: 'emerald', wom_role_synced: 'sapphire' })],
      [incoming({ role: 'sapphire' })],
      NOW,
    );
    expect(plan.updates).toEqual([]);
  });

  it("takes WOM's role when it changes in-game", () => {
    const plan = planRosterSync(
      [stored({ womrole: 'emerald', wom_role_synced: 'sapphire' })],
      [incoming({ role: 'ruby' })],
      NOW,
    );
    expect(plan.updates).toEqual([{ wom_id: '1', patch: { womrole: 'ruby', wom_role_synced: 'ruby' } }]);
  });

  it('marks a member missing from the group as left, once', () => {
    const plan = planRosterSync([stored()], [], NOW);
    expect(plan.left).toEqual(['1']);
    expect(plan.updates).toEqual([{ wom_id: '1', patch: { not_in_wom: true, left_at: NOW.toISOString() } }]);
    const again = planRosterSync(
      [stored({ not_in_wom: true, left_at: '2026-11-20T00:00:00.000Z' })],
      [],
      NOW,
    );
    expect(again.updates).toEqual([]);
    expect(again.left).toEqual([]);
  });

  it('restores a member who comes back, without a new baseline', () => {
    const plan = planRosterSync(
      [stored({ not_in_wom: true, left_at: '2026-10-01T00:00:00.000Z' })],
      [incoming()],
      NOW,
    );
    expect(plan.returned).toEqual([
      {
        wom_id: '1',
        left_at: '2026-10-01T00:00:00.000Z',
        returned_on: '2026-11-21',
        joined_before: '2023-01-02',
      },
    ]);
    expect(plan.updates).toEqual([{ wom_id: '1', patch: { left_at: null, not_in_wom: false } }]);
    expect(plan.inserts).toEqual([]);
  });

  it("keeps the first join date of a member who comes back, and dates the return by WOM's new membership", () => {
    const plan = planRosterSync(
      [stored({ not_in_wom: true, left_at: '2026-10-01T00:00:00.000Z' })],
      [incoming({ join_date: '2026-11-20' })],
      NOW,
    );
    expect(plan.updates).toEqual([
      { wom_id: '1', patch: { left_at: null, not_in_wom: false, wom_join_date_synced: '2026-11-20' } },
    ]);
    expect(plan.returned).toEqual([
      {
        wom_id: '1',
        left_at: '2026-10-01T00:00:00.000Z',
        returned_on: '2026-11-20',
        joined_before: '2023-01-02',
      },
    ]);
  });

  it('records a return the site never saw the leave of: WOM dates the membership later', () => {
    // Left and rejoined between two syncs: WOM made a new membership, dated the day they rejoined.
    const plan = planRosterSync([stored()], [incoming({ join_date: '2026-11-20' })], NOW);
    expect(plan.updates).toEqual([{ wom_id: '1', patch: { wom_join_date_synced: '2026-11-20' } }]);
    expect(plan.returned).toEqual([
      { wom_id: '1', left_at: null, returned_on: '2026-11-20', joined_before: '2023-01-02' },
    ]);
    expect(plan.left).toEqual([]);
  });

  it('follows WOM again once the admin took the return date as the join date', () => {
    const chosen = stored({ join_date: '2026-11-20', wom_join_date_synced: '2026-11-20' });
    const plan = planRosterSync([chosen], [incoming({ join_date: '2026-11-18' })], NOW);
    expect(plan.updates).toEqual([
      { wom_id: '1', patch: { join_date: '2026-11-18', wom_join_date_synced: '2026-11-18' } },
    ]);
    expect(plan.returned).toEqual([]);
  });

  it('flags a hand-added member that WOM never listed as not in WOM without marking them left', () => {
    const plan = planRosterSync([stored({ wom_role_synced: null, womrole: 'opal' })], [], NOW);
    expect(plan.left).toEqual([]);
    expect(plan.updates).toEqual([{ wom_id: '1', patch: { not_in_wom: true } }]);
  });

  it('fills a missing join date', () => {
    expect(
      planRosterSync([stored({ join_date: null, wom_join_date_synced: null })], [incoming()], NOW).updates,
    ).toEqual([{ wom_id: '1', patch: { join_date: '2023-01-02', wom_join_date_synced: '2023-01-02' } }]);
  });

  it('follows the real join date WOM learns later, when the join date mirrored WOM', () => {
    const plan = planRosterSync([stored()], [incoming({ join_date: '2021-05-01' })], NOW);
    expect(plan.updates).toEqual([
      { wom_id: '1', patch: { join_date: '2021-05-01', wom_join_date_synced: '2021-05-01' } },
    ]);
  });

  it('keeps a join date an admin set by hand, whatever WOM learns', () => {
    const plan = planRosterSync(
      [stored({ join_date: '2022-05-05' })],
      [incoming({ join_date: '2021-05-01' })],
      NOW,
    );
    expect(plan.updates).toEqual([{ wom_id: '1', patch: { wom_join_date_synced: '2021-05-01' } }]);
    const unchanged = planRosterSync([stored({ join_date: '2022-05-05' })], [incoming()], NOW);
    expect(unchanged.updates).toEqual([]);
  });

  it('keeps the join date of a member an admin added by hand', () => {
    const handAdded = stored({ wom_role_synced: null, wom_join_date_synced: null, join_date: '2020-01-01' });
    const plan = planRosterSync([handAdded], [incoming()], NOW);
    expect(plan.updates[0]?.patch.join_date).toBeUndefined();
  });
});
